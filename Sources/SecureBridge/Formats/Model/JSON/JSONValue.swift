/// A parsed JSON document: numbers as literal text (never rounded), members in document order, keys unique.
package enum JSONValue: Sendable {
    /// Members in document order.
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// Exactly as written, e.g. `-12.5e3`.
    case number(String)
    case bool(Bool)
    case null

    package typealias Kind = JSONKind

    package var kind: Kind {
        switch self {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number: return .number
        case .bool: return .bool
        case .null: return .null
        }
    }

    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONValue: Equatable {
    /// Same kind and contents; object members also in the same order.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(left), .object(right)):
            return left.count == right.count
                && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(left), .array(right)):
            return left == right
        case let (.string(left), .string(right)):
            return left == right
        case let (.number(left), .number(right)):
            return left == right
        case let (.bool(left), .bool(right)):
            return left == right
        case (.null, .null):
            return true
        default:
            return false
        }
    }
}

/// The six kinds of JSON value, for errors that say what was expected and what was found.
public enum JSONKind: Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case object, array, string, number, bool, null

    /// The kind with its article, e.g. "an object", as a sentence uses it.
    public var description: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

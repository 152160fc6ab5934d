/// A parsed JSON document, as RFC 8259 defines it.
///
/// Numbers keep their literal text: SecureBridge never turns a JSON number
/// into a `Double`, so nothing is rounded on the way in. Objects keep their
/// members in document order; `JSONParser` guarantees their keys are unique.
package enum JSONValue: Sendable {
    /// An object's members, in the order they appear in the document.
    case object([(key: String, value: JSONValue)])
    /// An array's elements.
    case array([JSONValue])
    /// A string, with every escape decoded.
    case string(String)
    /// A number, exactly as written (for example `-12.5e3`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The six kinds of JSON value (`JSONKind`).
    package typealias Kind = JSONKind

    /// Which kind of value this is.
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

    /// The value of the member named `key`, when this is an object that has one.
    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONValue: Equatable {
    /// Values are equal when they have the same kind and contents; object
    /// members must also be in the same order.
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

/// The six kinds of JSON value, for errors that say what was expected and
/// what was found (`FieldProblem.wrongType(expected:found:)`).
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

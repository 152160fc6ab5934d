import Foundation
import Testing

/// The output of `bridgectl read --format json`, parsed with
/// `JSONSerialization` and checked against the contract while parsing:
///
/// `{"kind", "family", "entries": [{"date", "state": "full|masked|placeholder",
/// "reason": null|CODE, "title", "accounts": [{"id","name","balance","iban"|"accountNumber","type","url"}], …}],
/// "policy": {"kind": "atEnd|after|never", "date"?}}`
struct WidgetOutput {
    /// Standard output exactly as printed.
    let raw: String
    let kind: String
    let family: String
    let entries: [WidgetEntry]
    let policyKind: String
    /// Present exactly when `policyKind` is `after`.
    let policyDate: String?

    /// The entry the widget shows right now.
    var current: WidgetEntry { entries[0] }

    static let states: Set<String> = ["full", "masked", "placeholder"]
    static let policyKinds: Set<String> = ["atEnd", "after", "never"]
    static let reasons: Set<String> = [
        "not-onboarded", "logged-out", "session-expired", "locked", "hidden", "privacy", "stale", "expired",
        "no-data", "tampered", "rollback", "unknown-key", "insecure-storage", "unavailable",
    ]

    init(parsing text: String) throws {
        raw = text
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let object = try ContractReader(value, at: "output").object()
        kind = try object.string("kind")
        family = try object.string("family")
        entries = try object.array("entries").enumerated().map { index, entry in
            try WidgetEntry(entry.object(), index: index)
        }
        try ContractReader.check(!entries.isEmpty, "entries must not be empty (a widget always has something to render)")
        let policy = try object.child("policy").object()
        policyKind = try policy.string("kind")
        try ContractReader.check(Self.policyKinds.contains(policyKind), "policy.kind \(policyKind) is not atEnd, after or never")
        policyDate = try policy.optionalString("date")
        if policyKind == "after" {
            let date = try ContractReader.check(policyDate, "policy.date is required when policy.kind is after")
            try ContractReader.check(try? Date(date, strategy: .iso8601), "policy.date \(date) is not ISO 8601")
        } else {
            try ContractReader.check(!policy.has("date"), "policy.date must be absent when policy.kind is \(policyKind)")
        }
    }
}

/// One timeline entry.
struct WidgetEntry {
    let date: String
    let state: String
    let reason: String?
    let title: String?
    /// The entry's deep link.
    let url: String?
    let accounts: [WidgetAccount]
    let spending: WidgetSpending?
    /// Every string anywhere in the entry, for the leak checks.
    let strings: [String]

    init(_ object: ContractReader.Object, index: Int) throws {
        date = try object.string("date")
        try ContractReader.check(try? Date(date, strategy: .iso8601), "entries[\(index)].date \(date) is not ISO 8601")
        state = try object.string("state")
        try ContractReader.check(WidgetOutput.states.contains(state), "entries[\(index)].state \(state) is not full, masked or placeholder")
        try ContractReader.check(object.has("reason"), "entries[\(index)] has no reason key (it must be null or a code)")
        reason = try object.optionalString("reason")
        if let reason {
            try ContractReader.check(WidgetOutput.reasons.contains(reason), "entries[\(index)].reason \(reason) is not a known code")
        }
        switch state {
        case "full":
            try ContractReader.check(reason == nil || reason == "stale", "a full entry's reason is null or stale, not \(reason ?? "")")
        default:
            try ContractReader.check(reason != nil, "entries[\(index)] is \(state) but carries no reason code")
        }
        try ContractReader.check(object.has("title"), "entries[\(index)] has no title key")
        title = try object.optionalString("title")
        url = try object.optionalString("url")
        accounts = try object.array("accounts").enumerated().map { accountIndex, account in
            try WidgetAccount(account.object(), at: "entries[\(index)].accounts[\(accountIndex)]")
        }
        spending = try object.has("spending") ? object.child("spending").optionalObject().map(WidgetSpending.init) : nil
        if state == "placeholder" {
            try ContractReader.check(accounts.isEmpty && spending == nil, "placeholder entries[\(index)] shows account or spending data")
        }
        strings = ContractReader.strings(in: object.dictionary)
    }
}

/// One account row of an entry.
struct WidgetAccount {
    let id: String
    let name: String
    let balance: String
    /// The masked IBAN, or `nil` for an account identified by its account number.
    let iban: String?
    /// The masked account number, or `nil` for an account with an IBAN.
    let accountNumber: String?
    let type: String
    let url: String?

    /// The masked number shown, whichever it is.
    var number: String { iban ?? accountNumber ?? "" }

    init(_ object: ContractReader.Object, at path: String) throws {
        id = try object.string("id")
        name = try object.string("name")
        balance = try object.string("balance")
        try ContractReader.check(object.has("iban") && object.has("accountNumber"), "\(path) lacks iban or accountNumber")
        iban = try object.optionalString("iban")
        accountNumber = try object.optionalString("accountNumber")
        // Both null: an account without a number (from a journal).
        try ContractReader.check(iban == nil || accountNumber == nil, "\(path) has both iban and accountNumber")
        type = try object.string("type")
        try ContractReader.check(object.has("url"), "\(path) has no url key")
        url = try object.optionalString("url")
    }
}

/// The spending part of a `spending` widget's entry.
struct WidgetSpending {
    let period: String?
    let totalSpent: String?
    let totalReceived: String?
    let categories: [(name: String, amount: String, percent: String?)]

    init(_ object: ContractReader.Object) throws {
        period = try object.optionalString("period")
        totalSpent = try object.optionalString("totalSpent")
        totalReceived = try object.optionalString("totalReceived")
        categories = try (object.has("categories") ? object.array("categories") : []).map { category in
            let fields = try category.object()
            return (try fields.string("name"), try fields.string("amount"), try fields.optionalString("percent"))
        }
    }

    /// Every amount shown (totals and categories).
    var amounts: [String] {
        [totalSpent, totalReceived].compactMap { $0 } + categories.map(\.amount)
    }
}

/// Typed access to `JSONSerialization` output that throws a `ContractViolation`
/// naming the JSON path when the shape is wrong.
struct ContractReader {
    struct ContractViolation: Error, CustomStringConvertible {
        let description: String
    }

    let value: Any
    let path: String

    init(_ value: Any, at path: String) {
        self.value = value
        self.path = path
    }

    func object() throws -> Object {
        guard let dictionary = value as? [String: Any] else { throw ContractViolation(description: "\(path) is not an object") }
        return Object(dictionary: dictionary, path: path)
    }

    func optionalObject() throws -> Object? {
        value is NSNull ? nil : try object()
    }

    struct Object {
        let dictionary: [String: Any]
        let path: String

        func has(_ key: String) -> Bool { dictionary.keys.contains(key) }

        func child(_ key: String) throws -> ContractReader {
            guard let value = dictionary[key] else { throw ContractViolation(description: "\(path).\(key) is missing") }
            return ContractReader(value, at: "\(path).\(key)")
        }

        func string(_ key: String) throws -> String {
            guard let text = try child(key).value as? String else {
                throw ContractViolation(description: "\(path).\(key) is not a string")
            }
            return text
        }

        /// A string or null; a missing key reads as null.
        func optionalString(_ key: String) throws -> String? {
            guard let value = dictionary[key], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw ContractViolation(description: "\(path).\(key) is neither a string nor null") }
            return text
        }

        func array(_ key: String) throws -> [ContractReader] {
            guard let items = try child(key).value as? [Any] else {
                throw ContractViolation(description: "\(path).\(key) is not an array")
            }
            return items.enumerated().map { ContractReader($1, at: "\(path).\(key)[\($0)]") }
        }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw ContractViolation(description: message()) }
    }

    @discardableResult
    static func check<Value>(_ value: Value?, _ message: @autoclosure () -> String) throws -> Value {
        guard let value else { throw ContractViolation(description: message()) }
        return value
    }

    /// Every string value (not key) nested anywhere in `value`.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let dictionary as [String: Any]: return dictionary.values.flatMap(strings(in:))
        case let array as [Any]: return array.flatMap(strings(in:))
        default: return []
        }
    }
}

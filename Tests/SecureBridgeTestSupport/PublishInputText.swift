/// Publish input (docs/PAYLOAD.md) written field by field as JSON text, for
/// the publish-input tests and the conformance kit's publish vectors.
enum PublishInputText {
    /// One account object; each argument is a raw JSON fragment, `nil` leaves the field out.
    static func account(
        id: String? = #""acc-1""#, name: String? = #""Secret Name""#, balance: String? = #""10.00""#,
        currency: String? = #""EUR""#, iban: String? = #""DE89370400440532013000""#, type: String? = #""main""#,
        extra: String? = nil
    ) -> String {
        let fields: [(String, String?)] = [
            ("id", id), ("name", name), ("balance", balance), ("currency", currency), ("IBAN", iban), ("type", type),
        ]
        let members = fields.compactMap { key, value in value.map { "\"\(key)\": \($0)" } } + (extra.map { [$0] } ?? [])
        return "{" + members.joined(separator: ", ") + "}"
    }

    static let second = account(id: #""acc-2""#, iban: #""GB82WEST12345698765432""#, type: #""secondary""#)

    static func analytics(
        period: String = #""2026-11""#, currency: String = #""EUR""#,
        spent: String = #"[{"category": "Rent", "amount": "1200.00"}]"#,
        received: String? = #"[{"category": "Salary", "amount": "3850.00"}]"#
    ) -> String {
        var members = [#""period": \#(period)"#, #""currency": \#(currency)"#, #""spent": \#(spent)"#]
        if let received { members.append(#""received": \#(received)"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func document(accounts: [String] = [account()], analytics: String) -> String {
        #"{"accounts": [\#(accounts.joined(separator: ", "))], "analytics": \#(analytics)}"#
    }

    static func list(_ accounts: String...) -> String {
        "[" + accounts.joined(separator: ", ") + "]"
    }
}

import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Target `publish-input`: the input is what `bridgectl publish` reads. What
/// validates must encode as a payload and decode back to the same portfolio.
public enum PublishInputFuzzer {
    public static func run(_ bytes: [UInt8]) {
        guard let portfolio = FuzzCheck.attempt({ try PublishInput.decode(bytes) }) else { return }
        FuzzCheck.expect(!portfolio.accounts.isEmpty, "a portfolio without accounts validated")
        FuzzCheck.expect(
            portfolio.accounts.filter { $0.type == .main }.count <= 1, "a portfolio with two main accounts validated")
        PayloadRoundTrip.encode(portfolio)
    }

    /// The examples, and small documents that reach each branch of the validator.
    public static func seeds() throws -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for name in ["accounts.json", "spending.json"] {
            seeds[name.replacingOccurrences(of: ".json", with: "")] = try Seeds.example(name)
        }
        let account = #"{"id":"a1","name":"Café \u00e9","balance":"-0.50","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}"#
        let documents: [String: String] = [
            "minimal": "[\(account)]",
            "object-null-analytics": #"{"accounts":[\#(account)],"analytics":null}"#,
            "analytics": #"{"accounts":[\#(account)],"analytics":{"period":"2026-11","currency":"JPY","spent":[{"category":"Food","amount":"1200"}],"received":[]}}"#,
            "escapes": #"[{"id":"a-2","name":"\ud83d\ude00 \"Q\" \\ \/","balance":"1e3","currency":"BHD","IBAN":"GB82 WEST 1234 5698 7654 32","type":"secondary"}]"#,
            "account-number": #"[{"id":"us","name":"Checking","balance":"10.00","currency":"USD","IBAN":null,"accountNumber":"021000021 7654-3210","type":"main"}]"#,
            "numbers": #"[0,-0,1.5e-3,-12E+2,1234567890123456789012]"#,
            "nested": String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
            "literals": #"{"accounts":[true,false,null]}"#,
            "bad-utf8": "[\"\u{FFFD}\"]",
            "empty-array": "[]",
            "whitespace": " \r\n\t",
        ]
        for (name, text) in documents { seeds[name] = Array(text.utf8) }
        seeds["bad-utf8"] = [0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d]
        return seeds
    }
}

import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 6: malformed input to `bridgectl publish`. Each is refused with
/// exit status 1 and one sentence on standard error naming the record and
/// field (or the line and column), and the snapshot a widget reads stays
/// byte for byte what it was. `Model/` tests cover the decoder in depth;
/// this is the command-line catalogue.
@Suite struct BadPublishInputTests {
    /// One malformed input and the sentence it must produce.
    struct Case: Sendable {
        let name: String
        let input: [UInt8]
        let message: String
        /// Passed instead of `-` (the input then comes from that file).
        var file: String?
    }

    static let main = #"{"id":"acc-main","name":"Everyday","balance":"4321.09","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}"#
    static let second = #"{"id":"acc-usd","name":"Dollars","balance":"12850.40","currency":"USD","IBAN":"NL91ABNA0417164300","type":"secondary"}"#

    /// `main` (or `text`) with one fragment replaced.
    static func altered(_ old: String, _ new: String, in text: String = main) -> String {
        precondition(text.contains(old), old)
        return text.replacingOccurrences(of: old, with: new)
    }

    static func list(_ accounts: String...) -> String { "[" + accounts.joined(separator: ",") + "]" }

    static func `case`(_ name: String, _ input: String, _ message: String) -> Case {
        Case(name: name, input: Array(input.utf8), message: message)
    }

    static let account1 = #"Account 1 ("acc-main")"#
    static let noNumber = #", field "IBAN": is missing, and so is "accountNumber": an account needs its IBAN or, where it has none, the bank's account number."#
    static let decimalShape = #"must be a decimal string like "4675.00": digits, an optional leading '-' and an optional '.' followed by digits."#
    static let disallowed = "a control, separator or bidirectional formatting character."
    static let currencyRule = #"must be an active ISO 4217 currency code in upper case, like "EUR"."#

    static let catalogue: [Case] = [
        // Broken JSON, with line and column.
        `case`("unclosed array", "[" + main, "The input is not valid JSON: line 1, column 120: expected ',' or ']' after an array element."),
        `case`("trailing comma", "[" + main + ",]", "The input is not valid JSON: line 1, column 121: expected another member or element after ','; trailing commas are not allowed."),
        `case`("single quotes", "[\n  {'id': 'acc-main'}\n]", "The input is not valid JSON: line 2, column 4: expected a string key or '}' after '{'."),
        `case`("missing colon", "[\n  {\n    \"id\" \"acc-main\"\n  }\n]", "The input is not valid JSON: line 3, column 10: expected ':' after an object key."),
        `case`("comment", "// accounts\n" + list(main), "The input is not valid JSON: line 1, column 1: expected a value (an object, array, string, number, true, false or null)."),
        `case`("duplicate key", list(altered(#""type":"main""#, #""type":"main","type":"secondary""#)), #"The input is not valid JSON: line 1, column 120: the key "type" appears twice in the same object."#),
        `case`("byte order mark", "\u{FEFF}" + list(main), "The input is not valid JSON: line 1, column 1: a byte order mark is not allowed."),
        `case`("raw control character", list(altered("Everyday", "Every\tday")), "The input is not valid JSON: line 1, column 32: a string must not contain the control character U+0009 unescaped."),
        `case`("lone surrogate", list(altered("Everyday", #"Every\ud800day"#)), #"The input is not valid JSON: line 1, column 32: a \u escape encodes an unpaired surrogate."#),
        Case(name: "non-UTF-8 name", input: Array(list(altered("Everyday", "Every@day")).utf8).map { $0 == UInt8(ascii: "@") ? 0xFF : $0 },
             message: "The input is not valid JSON: line 1, column 32: the bytes are not valid UTF-8."),
        `case`("deep nesting", String(repeating: "[", count: 10_000), "The input is not valid JSON: line 1, column 33: arrays and objects are nested more than 32 levels deep."),
        // Shape and types.
        `case`("top-level string", #""accounts""#, #"The input must be an array of accounts or an object with "accounts", not a string."#),
        `case`("top-level number", "42", #"The input must be an array of accounts or an object with "accounts", not a number."#),
        `case`("no accounts", "[]", "The input must list at least one account."),
        `case`("object without accounts", #"{"analytics":null}"#, #"The input, field "accounts": is missing."#),
        `case`("unknown top-level field", #"{"accounts":"# + list(main) + #","extra":1}"#, #"The input, field "extra": is not a known field; the fields are "accounts" and "analytics"."#),
        `case`("account not an object", list(main, #""acc-usd""#), "Account 2 must be an object, not a string."),
        `case`("balance as a number", list(altered(#""4321.09""#, "4321.09")), account1 + #", field "balance": must be a decimal string like "4675.00", not a number."#),
        `case`("name as a number", list(altered(#""Everyday""#, "42")), account1 + #", field "name": must be a string, not a number."#),
        `case`("id as a number", list(altered(#""acc-main""#, "7")), #"Account 1, field "id": must be a string, not a number."#),
        `case`("type as a boolean", list(altered(#""main""#, "true")), account1 + #", field "type": must be a string, not a boolean."#),
        // A null IBAN is an absent one; without an account number either, the account has no number.
        `case`("IBAN null", list(altered(#""DE89370400440532013000""#, "null")), account1 + noNumber),
        `case`("missing IBAN", list(altered(#","IBAN":"DE89370400440532013000""#, "")), account1 + noNumber),
        `case`("missing currency", list(altered(#","currency":"EUR""#, "")), account1 + #", field "currency": is missing."#),
        `case`("field in the wrong case", list(altered(#""IBAN""#, #""iban""#)), account1 + #", field "iban": is not a known field (field names are case-sensitive: did you mean "IBAN"?); the fields are "id", "name", "balance", "currency", "IBAN", "accountNumber" and "type"."#),
        // Values.
        `case`("IBAN checksum", list(altered("DE89", "DE88")), account1 + #", field "IBAN": the checksum is wrong."#),
        `case`("IBAN length", list(altered("DE89370400440532013000", "DE8937040044053201300")), account1 + #", field "IBAN": has 21 characters, but IBANs from DE have 22."#),
        `case`("IBAN country", list(altered("DE89", "XX89")), account1 + #", field "IBAN": does not start with the code of a country that issues IBANs."#),
        `case`("unknown currency", list(altered(#""EUR""#, #""EUX""#)), account1 + #", field "currency": "# + currencyRule),
        `case`("lower-case currency", list(altered(#""EUR""#, #""eur""#)), account1 + #", field "currency": "# + currencyRule),
        `case`("account type", list(altered(#""main""#, #""savings""#)), account1 + #", field "type": must be "main" or "secondary"."#),
        `case`("two main accounts", list(main, altered(#""secondary""#, #""main""#, in: second)), #"Account 2 ("acc-usd"), field "type": is "main", but account 1 is already the main account; at most one may be."#),
        `case`("duplicate ids", list(main, altered("acc-usd", "acc-main", in: second)), #"Account 2 ("acc-main"), field "id": is already the id of account 1; ids must be unique."#),
        `case`("NaN balance", list(altered("4321.09", "NaN")), account1 + #", field "balance": "# + decimalShape),
        `case`("Infinity balance", list(altered("4321.09", "Infinity")), account1 + #", field "balance": "# + decimalShape),
        `case`("empty balance", list(altered("4321.09", "")), account1 + #", field "balance": "# + decimalShape),
        `case`("exponent balance", list(altered("4321.09", "4.32109e3")), account1 + #", field "balance": must be written out in full, without an exponent."#),
        `case`("comma balance", list(altered("4321.09", "4.321,09")), account1 + #", field "balance": must not contain ','; use '.' as the decimal point and no grouping separators."#),
        `case`("plus sign", list(altered("4321.09", "+4321.09")), account1 + #", field "balance": must not start with '+'."#),
        `case`("leading zeros", list(altered("4321.09", "04321.09")), account1 + #", field "balance": must not have leading zeros."#),
        `case`("huge balance", list(altered("4321.09", "99999999999999999999999999.00")), account1 + #", field "balance": is beyond the limit of 1000000000000000 EUR in magnitude."#),
        `case`("too many decimals", list(altered("4321.09", "4321.091")), account1 + #", field "balance": has more than the 2 decimal places EUR allows."#),
        `case`("decimals in yen", list(altered(#""EUR""#, #""JPY""#, in: altered("4321.09", "4321.5"))), account1 + #", field "balance": must be a whole number: JPY has no minor unit."#),
        `case`("control character in name", list(altered("Everyday", #"Every\u0007day"#)), account1 + #", field "name": contains U+0007, "# + disallowed),
        `case`("bidirectional override in name", list(altered("Everyday", #"Every\u202eday"#)), account1 + #", field "name": contains U+202E, "# + disallowed),
        `case`("name too long", list(altered("Everyday", String(repeating: "x", count: 65))), account1 + #", field "name": is longer than the limit of 64 characters (Unicode scalars)."#),
        `case`("empty name", list(altered("Everyday", "")), account1 + #", field "name": must not be empty."#),
        `case`("id with a space", list(altered("acc-main", "acc main")), #"Account 1, field "id": may only contain the letters A-Z and a-z, the digits 0-9, '.', '_' and '-'."#),
        // Issue 11, item 12: ids that name directories, and names that look like a mask or hide text.
        `case`("id is a dot", list(altered("acc-main", ".")), #"Account 1, field "id": must not be "." or "..", which name directories."#),
        `case`("id is two dots", list(altered("acc-main", "..")), #"Account 1, field "id": must not be "." or "..", which name directories."#),
        `case`("mask glyph in name", list(altered("Everyday", #"Every\u2022\u2022\u2022\u2022"#)), account1 + #", field "name": contains U+2022, which looks like the mask a widget shows instead of an amount."#),
        `case`("bullet operator in name", list(altered("Everyday", #"\u2219\u2219\u2219"#)), account1 + #", field "name": contains U+2219, which looks like the mask a widget shows instead of an amount."#),
        `case`("zero-width space in name", list(altered("Everyday", #"Every\u200bday"#)), account1 + #", field "name": contains U+200B, an invisible or formatting character."#),
        `case`("soft hyphen in name", list(altered("Everyday", #"Every\u00adday"#)), account1 + #", field "name": contains U+00AD, an invisible or formatting character."#),
        `case`("tag character in name", list(altered("Everyday", #"Every\udb40\udc41day"#)), account1 + #", field "name": contains U+E0041, an invisible or formatting character."#),
        `case`("Hangul filler in name", list(altered("Everyday", #"\u3164"#)), account1 + #", field "name": contains U+3164, an invisible or formatting character."#),
        `case`("private use in category", #"{"accounts":"# + list(main) + #","analytics":{"period":"2026-11","currency":"EUR","spent":[{"category":"Rent\ue000","amount":"5.00"}],"received":[]}}"#, #"Spent entry 1, field "category": contains U+E000, an invisible or formatting character."#),
        `case`("mask glyph in category", #"{"accounts":"# + list(main) + #","analytics":{"period":"2026-11","currency":"EUR","spent":[],"received":[{"category":"\u25cf\u25cf","amount":"5.00"}]}}"#, #"Received entry 1, field "category": contains U+25CF, which looks like the mask a widget shows instead of an amount."#),
        `case`("negative spending", #"{"accounts":"# + list(main) + #","analytics":{"period":"2026-11","currency":"EUR","spent":[{"category":"Rent","amount":"-5.00"}],"received":[]}}"#, #"Spent entry 1, field "amount": must not be negative."#),
        `case`("analytics period", #"{"accounts":"# + list(main) + #","analytics":{"period":"2026-13","currency":"EUR","spent":[],"received":[]}}"#, #"The analytics, field "period": must be a month written "YYYY-MM" (month 01 to 12), like "2026-11"."#),
        `case`("too many accounts", "[" + (0...1000).map { altered(#""acc-main""#, #""a\#($0)""#, in: altered(#""main""#, #""secondary""#)) }.joined(separator: ",") + "]", "The input has 1001 entries; at most 1000 are allowed."),
        // Size and emptiness.
        `case`("empty standard input", "", "Standard input is empty."),
        `case`("only whitespace", "  \n\t ", #"The input is empty; expected a JSON array of accounts or an object with "accounts"."#),
        `case`("oversize", list(main) + String(repeating: " ", count: 1 << 20), "Standard input is larger than the 1048576-byte limit."),
        Case(name: "missing file", input: [], message: "The file /nonexistent/input.json could not be read: No such file or directory.",
             file: "/nonexistent/input.json"),
        Case(name: "directory as file", input: [], message: "The file / could not be read: Is a directory.", file: "/"),
    ]

    /// Names real people use stay publishable: digits, the joiners that
    /// Persian and emoji need, the emoji presentation selector, the Catalan middle dot.
    @Test(arguments: ["Savings 2026", "4675.00 EUR", "حساب\u{200C}ها", "\u{2764}\u{FE0F} Joint", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Family", "Col·legi"])
    func namesWithDigitsJoinersAndEmojiArePublished(name: String) async throws {
        let fixture = try BridgeFixture.live()
        let input = Self.list(Self.altered(#""Everyday""#, "\"" + name + "\""))
        let output = try await Bridgectl.run(["publish", "--home", fixture.root, "-"], input: Array(input.utf8))
        #expect(output.succeeded, "\(output)")
    }

    /// The container's files, which no refused publish may touch.
    static func container(_ fixture: BridgeFixture) throws -> [[UInt8]] {
        try ["onboarding", "auth-status", "snapshot", "reload-token"].map { try fixture.bytes(.container, $0) }
    }

    @Test(.sweep) func everyMalformedInputIsRefusedInOneSentenceAndChangesNothing() async throws {
        #expect(Self.catalogue.count >= 50)
        let fixture = try BridgeFixture.live()
        let now = UTCTimestamp.string(from: Date().addingTimeInterval(60))
        let before = try Self.container(fixture)
        let baseline = try await Bridgectl.readJSON(home: fixture.root, now: now)
        #expect((baseline.json?["entries"] as? [[String: Any]])?.first?["state"] as? String == "full")

        var refused = 0
        for item in Self.catalogue {
            let output = try await Bridgectl.run(["publish", "--home", fixture.root, item.file ?? "-"], input: item.input)
            #expect(output.status == 1, "\(item.name)")
            #expect(output.stdout.isEmpty, "\(item.name)")
            #expect(output.stderr == "Error: \(item.message)\n", "\(item.name)")
            for secret in ["4321", "12850", "DE89370400440532013000", "Everyday", "Dollars"] {
                #expect(!output.stderr.contains(secret), "\(item.name) repeats \(secret)")
            }
            #expect(try Self.container(fixture) == before, "\(item.name) changed the container")
            let read = try await Bridgectl.readJSON(home: fixture.root, now: now)
            #expect(read.stdout == baseline.stdout, "\(item.name) changed what a widget reads")
            if output.status == 1 { refused += 1 }
        }
        print("bad publish input via bridgectl: \(Self.catalogue.count) inputs, \(refused) refused")
    }
}

import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The publish-input vectors: inputs as `bridgectl publish` takes them, each
/// accepted or refused by the real rules, and the field a refusal names.
struct PublishCatalog {
    let writer: Conformance.Writer

    private typealias Input = PublishInputText

    func make() throws {
        let section = "8 (publish input)"
        func accept(_ id: String, _ description: String, _ input: String) throws {
            try writer.publish(id, description, section: section, input: input, accepted: true)
        }
        func refuse(_ id: String, _ description: String, _ input: String) throws {
            try writer.publish(id, description, section: section, input: input, accepted: false)
        }
        func account(_ field: String, _ value: String) -> String {
            switch field {
            case "id": Input.list(Input.account(id: value))
            case "name": Input.list(Input.account(name: value))
            case "balance": Input.list(Input.account(balance: value))
            case "currency": Input.list(Input.account(currency: value))
            case "IBAN": Input.list(Input.account(iban: value))
            default: Input.list(Input.account(type: value))
            }
        }

        // The document.
        try accept("array", "A top-level array of one account.", Input.list(Input.account()))
        try accept("object-no-analytics", "An object with accounts only.", #"{"accounts": [\#(Input.account())]}"#)
        try accept("object-null-analytics", "An object whose analytics is null.", #"{"accounts": [\#(Input.account())], "analytics": null}"#)
        try accept("object-analytics", "An object with accounts and analytics.", Input.document(analytics: Input.analytics()))
        try refuse("empty", "An empty input.", "")
        try refuse("whitespace", "Only whitespace.", " \n\t ")
        try refuse("not-json", "Not JSON.", "accounts")
        try refuse("number", "A number at the top.", "42")
        try refuse("no-accounts", "An empty array of accounts.", "[]")
        try refuse("object-without-accounts", "An object without accounts.", #"{"analytics": null}"#)
        try refuse("unknown-top-field", "An unknown field beside accounts.", #"{"accounts": [\#(Input.account())], "note": 1}"#)
        try refuse("analytics-array", "Analytics that is an array.", #"{"accounts": [\#(Input.account())], "analytics": []}"#)
        try refuse("trailing-comma", "A trailing comma (strict JSON).", "[" + Input.account() + ",]")
        try refuse("duplicate-key", "A key twice in one object.", #"[{"id": "a", "id": "b", "name": "N", "balance": "1.00", "currency": "EUR", "IBAN": "DE89370400440532013000", "type": "main"}]"#)
        try refuse("bom", "A byte order mark before the document.", "\u{FEFF}" + Input.list(Input.account()))

        // Account fields.
        for field in ["id", "name", "balance", "currency", "IBAN", "type"] {
            let missing: String = switch field {
            case "id": Input.account(id: nil)
            case "name": Input.account(name: nil)
            case "balance": Input.account(balance: nil)
            case "currency": Input.account(currency: nil)
            case "IBAN": Input.account(iban: nil)
            default: Input.account(type: nil)
            }
            try refuse("account-missing-\(field.lowercased())", "An account without \(field).", Input.list(missing))
        }
        try refuse("account-unknown-field", "An account with an unknown field.", Input.list(Input.account(extra: #""iban": "x""#)))
        try refuse("account-balance-number", "A balance given as a JSON number.", account("balance", "10.00"))
        try accept("account-balance-negative", "A negative balance.", account("balance", #""-42.17""#))
        try accept("account-balance-integer", "A balance without decimals in EUR.", account("balance", #""4675""#))
        try refuse("account-balance-three-decimals", "Three decimals in EUR.", account("balance", #""1.001""#))
        try refuse("account-balance-plus", "A leading plus sign.", account("balance", #""+1.00""#))
        try refuse("account-balance-exponent", "An exponent.", account("balance", #""1e3""#))
        try refuse("account-balance-comma", "A decimal comma.", account("balance", #""1,00""#))
        try refuse("account-balance-space", "A space in the amount.", account("balance", #""1 000.00""#))
        try refuse("account-balance-leading-dot", "A leading dot.", account("balance", #"".50""#))
        try accept("account-balance-limit", "10^15 major units exactly.", account("balance", #""1000000000000000.00""#))
        try refuse("account-balance-over-limit", "More than 10^15 major units.", account("balance", #""1000000000000000.01""#))
        try accept("account-balance-limit-four-digits", "CLF (four minor-unit digits): 10^14 major units, 10^18 minor units, exactly.", Input.list(Input.account(balance: #""100000000000000.0000""#, currency: #""CLF""#)))
        try refuse("account-balance-over-limit-four-digits", "CLF: one minor unit over 10^18 minor units (10^15 major units would not fit an i64).", Input.list(Input.account(balance: #""100000000000000.0001""#, currency: #""CLF""#)))
        try accept("account-balance-limit-kwd", "KWD (three minor-unit digits): 10^15 major units exactly.", Input.list(Input.account(balance: #""1000000000000000.000""#, currency: #""KWD""#)))
        try accept("account-jpy", "JPY without decimals.", Input.list(Input.account(balance: #""58000""#, currency: #""JPY""#)))
        try refuse("account-jpy-decimals", "JPY with decimals.", Input.list(Input.account(balance: #""58000.00""#, currency: #""JPY""#)))
        try refuse("account-currency-lower", "A currency in lower case.", account("currency", #""eur""#))
        try refuse("account-currency-unknown", "A currency that is not ISO 4217.", account("currency", #""EUX""#))
        try refuse("account-currency-xau", "A code without a minor unit (XAU).", account("currency", #""XAU""#))
        try accept("account-id-characters", "An id of letters, digits, dot, underscore and hyphen.", account("id", #""Acc_1.x-2""#))
        try refuse("account-id-dot", "An id that is a single dot.", account("id", #"".""#))
        try refuse("account-id-space", "An id with a space.", account("id", #""acc 1""#))
        try refuse("account-id-too-long", "An id of 65 characters.", account("id", "\"" + String(repeating: "a", count: 65) + "\""))
        try accept("account-id-64", "An id of 64 characters.", account("id", "\"" + String(repeating: "a", count: 64) + "\""))
        try refuse("account-duplicate-id", "Two accounts with one id.", Input.list(Input.account(), Input.account(iban: #""GB82WEST12345698765432""#, type: #""secondary""#)))
        try refuse("account-two-main", "Two main accounts.", Input.list(Input.account(), Input.account(id: #""acc-2""#, iban: #""GB82WEST12345698765432""#)))
        try accept("account-no-main", "No main account.", Input.list(Input.account(type: #""secondary""#)))
        try refuse("account-type-unknown", "An unknown account type.", account("type", #""savings""#))
        try accept("account-name-64-scalars", "A name of 64 scalars.", account("name", "\"" + String(repeating: "é", count: 64) + "\""))
        try refuse("account-name-65-scalars", "A name of 65 scalars.", account("name", "\"" + String(repeating: "é", count: 65) + "\""))
        try refuse("account-name-64-characters-of-2-scalars", "64 characters of two scalars each (e + U+0301): over 64 scalars.", account("name", "\"" + String(repeating: "e\u{301}", count: 64) + "\""))
        try refuse("account-name-empty", "An empty name.", account("name", #""""#))
        try refuse("account-name-zero-width-space", "A name with U+200B (default-ignorable).", account("name", "\"Main\u{200B}\""))
        try refuse("account-name-soft-hyphen", "A name with U+00AD (format).", account("name", "\"Ma\u{AD}in\""))
        try accept("account-name-zwj", "A name with U+200D (allowed joiner).", account("name", "\"👩\u{200D}💻 Work\""))
        try refuse("account-name-bullet", "A name with U+2022 (passes for the mask).", account("name", "\"Main \u{2022}\u{2022}\""))
        try accept("account-name-middle-dot", "A name with U+00B7 (Catalan).", account("name", "\"Col·lecció\""))
        try refuse("account-name-control", "A name with a tab.", account("name", #""Main\tAccount""#))
        try refuse("account-name-bidi", "A name with U+202E.", account("name", "\"Main\u{202E}\""))
        try refuse("account-name-private-use", "A name with U+E000 (private use).", account("name", "\"Main\u{E000}\""))
        try accept("account-name-digits", "A name with digits.", account("name", #""Account 2026""#))
        try refuse("account-name-blank-space", "A name that is one space: it would show as a blank row.", account("name", #"" ""#))
        try refuse("account-name-blank-no-break-spaces", "A name of two U+00A0 no-break spaces.", account("name", "\"\u{A0}\u{A0}\""))
        try refuse("account-name-blank-ideographic-space", "A name that is U+3000 (ideographic space).", account("name", "\"\u{3000}\""))
        try accept("account-name-inner-spaces", "A name with spaces between words.", account("name", #""Joint  account""#))
        try refuse("account-name-word-joiner", "A name with U+2060 (word joiner).", account("name", "\"Main\u{2060}\""))
        try refuse("account-name-variation-selector", "A name with U+FE00 (default-ignorable, not Cf).", account("name", "\"Main\u{FE00}\""))
        try refuse("account-name-language-tag", "A name with U+E0001 (a tag character).", account("name", "\"Main\u{E0001}\""))
        try refuse("account-name-unassigned-ignorable", "A name with U+2065 (unassigned, default-ignorable).", account("name", "\"Main\u{2065}\""))
        try refuse("account-name-braille-blank", "A name with U+2800 (blank Braille pattern).", account("name", "\"Main\u{2800}\""))
        try refuse("account-name-hangul-filler", "A name with U+3164 (Hangul filler).", account("name", "\"Main\u{3164}\""))
        try refuse("account-name-noncharacter", "A name with U+FDD0 (a noncharacter).", account("name", "\"Main" + String(Unicode.Scalar(0xFDD0)!) + "\""))
        try refuse("account-name-noncharacter-last-plane", "A name with U+10FFFF (a noncharacter).", account("name", "\"Main" + String(Unicode.Scalar(0x10FFFF)!) + "\""))
        try accept("account-name-zwnj", "A name with U+200C (allowed non-joiner).", account("name", "\"می\u{200C}خواهم\""))
        try accept("account-name-emoji-presentation", "A name with U+FE0F (allowed).", account("name", "\"☎\u{FE0F} Phone\""))
        try accept("account-name-text-presentation", "A name with U+FE0E (allowed).", account("name", "\"☎\u{FE0E} Phone\""))
        for value in ConformanceCatalog.maskLookalikes where value != 0x2022 {
            try refuse("account-name-mask-\(String(value, radix: 16))", "A name with \(UnicodeText.codePoint(value)) (passes for the mask).", account("name", "\"Main " + String(Unicode.Scalar(value)!) + "\""))
        }

        // IBAN spellings.
        try accept("iban-electronic", "An IBAN in electronic form.", account("IBAN", #""DE89370400440532013000""#))
        try refuse("iban-letter-check-digits", "Letters for check digits (CZ), although MOD 97-10 of the converted letters leaves 1: check digits are two digits.", account("IBAN", #""DECZ370400440532013000""#))
        try refuse("iban-check-digits-01-remainder-one", "Check digits 01, outside 02-98, although MOD 97-10 leaves 1 (as it does for the same IBAN with 98).", account("IBAN", #""GB01WEST12345698765435""#))
        try accept("iban-check-digits-98", "Check digits 98, the same IBAN as iban-check-digits-01-remainder-one written right.", account("IBAN", #""GB98WEST12345698765435""#))
        try accept("iban-groups", "An IBAN in groups of four with single spaces.", account("IBAN", #""DE89 3704 0044 0532 0130 00""#))
        try accept("iban-lower-case", "An IBAN in lower case.", account("IBAN", #""de89370400440532013000""#))
        try accept("iban-lower-case-groups", "An IBAN in lower case, grouped.", account("IBAN", #""de89 3704 0044 0532 0130 00""#))
        try refuse("iban-double-space", "Two spaces between groups.", account("IBAN", #""DE89  3704 0044 0532 0130 00""#))
        try refuse("iban-groups-of-three", "Spaces not after every four characters.", account("IBAN", #""DE8 937 040 044 053 201 300 0""#))
        try refuse("iban-leading-space", "A leading space.", account("IBAN", #"" DE89370400440532013000""#))
        try refuse("iban-trailing-space", "A trailing space.", account("IBAN", #""DE89370400440532013000 ""#))
        try refuse("iban-hyphens", "Hyphens between groups.", account("IBAN", #""DE89-3704-0044-0532-0130-00""#))
        try refuse("iban-checksum", "A wrong check digit.", account("IBAN", #""DE88370400440532013000""#))
        try refuse("iban-length", "A German IBAN one character short.", account("IBAN", #""DE8937040044053201300""#))
        try refuse("iban-country", "An unknown country.", account("IBAN", #""XX89370400440532013000""#))
        try refuse("iban-check-digits-01", "Check digits 01.", account("IBAN", #""GB01BARC20201530093459""#))
        try refuse("iban-nbsp", "A no-break space between groups.", account("IBAN", "\"DE89\u{A0}3704 0044 0532 0130 00\""))

        // Account numbers (an account without an IBAN).
        func number(_ value: String) -> String {
            Input.list(Input.account(iban: nil, extra: #""accountNumber": \#(value)"#))
        }
        try accept("account-number", "An account number instead of an IBAN.", number(#""7654321098""#))
        try accept("account-number-none", "\"none\": an account with no number at all (from a journal).", number(#""none""#))
        try refuse("account-number-none-upper-case", "\"NONE\" is no way of saying none: letters only, no number.", number(#""NONE""#))
        try refuse("account-number-none-and-iban", "\"none\" beside an IBAN: two answers.", Input.list(
            Input.account(extra: #""accountNumber": "none""#)))
        try accept("account-number-spaces", "An account number in groups separated by single spaces.", number(#""021000021 7654321098""#))
        try accept("account-number-hyphens", "An account number in groups separated by single hyphens and spaces.", number(#""12-34-56 12345678""#))
        try accept("account-number-lower-case", "An account number with lower-case letters.", number(#""ab12cd34""#))
        try accept("account-number-4", "An account number of 4 characters (the last four alone).", number(#""4321""#))
        try accept("account-number-34", "An account number of 34 characters.", number("\"" + String(repeating: "1", count: 34) + "\""))
        try accept("account-number-34-grouped", "34 characters in groups: separators are not counted.", number("\"" + Array(repeating: "12345678", count: 4).joined(separator: " ") + " 12\""))
        try accept("account-number-shared", "Two accounts with the same account number.", Input.list(
            Input.account(iban: nil, extra: #""accountNumber": "7654321098""#),
            Input.account(id: #""acc-2""#, iban: nil, type: #""secondary""#, extra: #""accountNumber": "7654321098""#)))
        try accept("iban-shared", "Two accounts with the same IBAN (a multi-currency account).", Input.list(
            Input.account(), Input.account(id: #""acc-2""#, currency: #""USD""#, type: #""secondary""#)))
        try accept("account-number-and-iban-accounts", "One account with an IBAN, one with an account number.", Input.list(
            Input.account(), Input.account(id: #""acc-2""#, iban: nil, type: #""secondary""#, extra: #""accountNumber": "7654321098""#)))
        try refuse("account-number-3", "An account number of 3 characters.", number(#""123""#))
        try refuse("account-number-35", "An account number of 35 characters.", number("\"" + String(repeating: "1", count: 35) + "\""))
        try refuse("account-number-no-digit", "An account number of letters only.", number(#""ABCDEFGH""#))
        try refuse("account-number-iban", "A valid IBAN given as an account number.", number(#""DE89370400440532013000""#))
        try refuse("account-number-iban-grouped", "A valid IBAN in lower case and groups, given as an account number.", number(#""de89 3704 0044 0532 0130 00""#))
        try refuse("account-number-iban-wrong-checksum", "An IBAN-shaped number whose check digits fail: the typo the checksum exists to catch (accepted in 1.0).", number(#""DE88370400440532013000""#))
        try refuse("account-number-iban-wrong-checksum-grouped", "An IBAN-shaped number in groups whose check digits fail.", number(#""GB00 WEST 1234 5698 7654 32""#))
        try refuse("account-number-double-space", "Two spaces between groups.", number(#""1234  5678""#))
        try refuse("account-number-double-hyphen", "Two hyphens between groups.", number(#""1234--5678""#))
        try refuse("account-number-leading-space", "A leading space.", number(#"" 12345678""#))
        try refuse("account-number-trailing-space", "A trailing space.", number(#""12345678 ""#))
        try refuse("account-number-trailing-hyphen", "A trailing hyphen.", number(#""12345678-""#))
        try refuse("account-number-dot", "A dot between groups.", number(#""1234.5678""#))
        try refuse("account-number-slash", "A slash between groups.", number(#""1234/5678""#))
        try refuse("account-number-nbsp", "A no-break space between groups.", number("\"1234\u{A0}5678\""))
        try refuse("account-number-arabic-digits", "Arabic-Indic digits (not ASCII).", number("\"\u{661}\u{662}\u{663}\u{664}\u{665}\""))
        try refuse("account-number-empty", "An empty account number.", number(#""""#))
        try refuse("account-number-number", "An account number given as a JSON number.", number("12345678"))
        try refuse("account-number-and-iban", "An account with both an IBAN and an account number.", Input.list(Input.account(extra: #""accountNumber": "7654321098""#)))
        try refuse("account-number-neither", "An account with neither an IBAN nor an account number.", Input.list(Input.account(iban: nil)))

        // Analytics.
        try refuse("analytics-missing-spent", "Analytics without spent.", Input.document(analytics: #"{"period": "2026-11", "currency": "EUR", "received": []}"#))
        try refuse("analytics-missing-received", "Analytics without received.", Input.document(analytics: Input.analytics(received: nil)))
        try accept("analytics-empty-lists", "Analytics with two empty lists.", Input.document(analytics: Input.analytics(spent: "[]", received: "[]")))
        try refuse("analytics-unknown-field", "An unknown field inside analytics.", Input.document(analytics: #"{"period": "2026-11", "currency": "EUR", "spent": [], "received": [], "note": 1}"#))
        try refuse("analytics-entry-unknown-field", "An unknown field in a spent entry.", Input.document(analytics: Input.analytics(spent: #"[{"category": "Rent", "amount": "1.00", "note": 1}]"#)))
        try refuse("analytics-period-month-13", "Period month 13.", Input.document(analytics: Input.analytics(period: #""2026-13""#)))
        try refuse("analytics-period-format", "Period 2026-1.", Input.document(analytics: Input.analytics(period: #""2026-1""#)))
        try refuse("analytics-negative-amount", "A negative spent amount.", Input.document(analytics: Input.analytics(spent: #"[{"category": "Rent", "amount": "-1.00"}]"#)))
        try refuse("analytics-category-blank", "A spent category of spaces only.", Input.document(analytics: Input.analytics(spent: #"[{"category": "   ", "amount": "1.00"}]"#)))
        try refuse("analytics-duplicate-category-canonically-equivalent", "Café (U+00E9) and Cafe + U+0301 in one list: canonically equivalent, so the same category.", Input.document(analytics: Input.analytics(spent: "[{\"category\": \"Caf\u{E9}\", \"amount\": \"1.00\"}, {\"category\": \"Cafe\u{301}\", \"amount\": \"2.00\"}]")))
        try accept("analytics-categories-differing-in-case", "Rent and rent in one list: compared without case folding, two categories.", Input.document(analytics: Input.analytics(spent: #"[{"category": "Rent", "amount": "1.00"}, {"category": "rent", "amount": "2.00"}]"#)))
        try refuse("analytics-duplicate-category", "A category twice in spent.", Input.document(analytics: Input.analytics(spent: #"[{"category": "Rent", "amount": "1.00"}, {"category": "Rent", "amount": "2.00"}]"#)))
        try accept("analytics-category-in-both", "One category in spent and in received.", Input.document(analytics: Input.analytics(spent: #"[{"category": "Rent", "amount": "1.00"}]"#, received: #"[{"category": "Rent", "amount": "2.00"}]"#)))
        try refuse("analytics-currency-unknown", "An unknown analytics currency.", Input.document(analytics: Input.analytics(currency: #""EUX""#)))
        let fifty = (1 ... 50).map { #"{"category": "C\#($0)", "amount": "1.00"}"# }
        try accept("analytics-50-entries", "50 spent entries.", Input.document(analytics: Input.analytics(spent: "[" + fifty.joined(separator: ", ") + "]")))
        try refuse("analytics-51-entries", "51 spent entries.", Input.document(analytics: Input.analytics(spent: "[" + (fifty + [#"{"category": "C51", "amount": "1.00"}"#]).joined(separator: ", ") + "]")))
    }
}

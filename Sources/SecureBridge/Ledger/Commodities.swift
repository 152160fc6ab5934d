import SecureBridge

/// What a journal's commodity is to a balance: a currency (an ISO 4217
/// code, a symbol that names one currency, or a symbol the user mapped), a
/// currency symbol that names several and was not mapped, or a holding
/// (a stock, a fund, a coin) that is no currency at all.
public struct Commodities: Sendable, Equatable {
    /// The user's own mappings (`--commodity '$=USD'`), symbol to ISO 4217 code.
    public private(set) var mapped: [String: String] = [:]

    /// What one commodity is.
    enum Kind: Equatable {
        case currency(Currency)
        /// A symbol of several currencies (`$`, `¥`, `kr`): it needs a mapping.
        case ambiguous
        /// A commodity that is no currency: left out, or valued with `--value`.
        case holding
    }

    public init() {}

    /// Maps `symbol` to the currency `code`.
    /// - Throws: `LedgerImportError` when `code` is no ISO 4217 code.
    public mutating func map(_ symbol: String, to code: String) throws {
        guard Currency.iso4217(code) != nil else { throw LedgerImportError(.notACurrency(code)) }
        mapped[symbol] = code
    }

    /// Reads a mapping written `SYMBOL=CODE` (`$=USD`).
    /// - Throws: `LedgerImportError` when it has no `=`, or its code is no ISO 4217 code.
    public mutating func map(_ assignment: String) throws {
        guard let (symbol, code) = Self.assignment(assignment) else { throw LedgerImportError(.notACommodityMapping(assignment)) }
        try map(symbol, to: code)
    }

    /// `NAME=VALUE` split at its last `=`, both sides non-empty (a name may hold `=`, a code or display name not).
    static func assignment(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    func kind(of commodity: String) -> Kind {
        if let code = mapped[commodity] ?? Self.symbols[commodity] ?? (Currency.iso4217(commodity) != nil ? commodity : nil),
           let currency = Currency.iso4217(code) {
            return .currency(currency)
        }
        return Self.ambiguousSymbols.contains(commodity) ? .ambiguous : .holding
    }

    /// The symbols that name one currency wherever a journal is kept.
    /// `£` is the pound sterling here: Egypt's, Lebanon's and Syria's pounds
    /// are written `E£`, `LL` and `£S`.
    static let symbols: [String: String] = [
        "€": "EUR", "£": "GBP", "₹": "INR", "₺": "TRY", "₽": "RUB", "₴": "UAH", "₪": "ILS", "₫": "VND",
        "₦": "NGN", "฿": "THB", "₸": "KZT", "₾": "GEL", "₼": "AZN", "₡": "CRC", "₲": "PYG", "₭": "LAK",
        "₮": "MNT", "zł": "PLN", "Kč": "CZK", "Ft": "HUF", "R$": "BRL", "US$": "USD", "A$": "AUD",
        "NZ$": "NZD", "HK$": "HKD", "S$": "SGD", "CA$": "CAD",
    ]

    /// The symbols of several currencies: `$` (the dollars, the pesos),
    /// `¥` (yen and yuan), `kr` (the Nordic crowns), `₩` (both Koreas),
    /// `₱` (the Philippine and Cuban pesos), `R` (rand, rupees), `Fr` (the francs), `C$`
    /// (Canada and Nicaragua).
    static let ambiguousSymbols: Set<String> = ["$", "¥", "￥", "元", "kr", "Kr", "kr.", "₩", "₱", "R", "Fr", "Fr.", "C$", "¢"]
}

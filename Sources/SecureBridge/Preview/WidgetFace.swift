import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one widget shows, decided once from a timeline entry and drawn by
/// both the SVG and the terminal renderer.
///
/// Every string here comes from the entry's view models (the same ones the
/// JSON contract prints) or is a fixed label; nothing is recomputed from
/// the portfolio, so a preview cannot show what `read` would not.
struct WidgetFace: Sendable, Equatable {
    /// A flag drawn at the top corner: stale, or why amounts are masked.
    struct Flag: Sendable, Equatable {
        enum Tone: Sendable, Equatable {
            /// Stale data: drawn in the warning colour.
            case warning
            /// Masked amounts: drawn muted, with a lock.
            case muted
        }

        /// The picture beside the label, one per reason.
        enum Icon: Sendable, Equatable {
            /// Stale: a clock.
            case clock
            /// Locked (and masked for another reason): a padlock.
            case lock
            /// Expired: an hourglass run out.
            case hourglass
            /// Hidden by the user: an eye struck through.
            case eyeSlash
            /// A privacy context (locked device, lock screen): a shield.
            case shield
        }

        let label: String
        let tone: Tone
        let icon: Icon
    }

    /// One account line.
    struct AccountLine: Sendable, Equatable {
        let name: String
        /// The formatted balance, or the fixed mask.
        let amount: String
        /// The IBAN's or account number's last four behind the mask: `•••• 3000`;
        /// `nil` for an account without a number (no number line).
        let number: String?
        /// The currency's sign (`€`, `$`, `CHF`): the account's symbol.
        let symbol: String
        let isMain: Bool
        /// A balance below zero, shown (not masked): drawn in its own colour.
        var isNegative = false
    }

    /// One spending category.
    struct CategoryLine: Sendable, Equatable {
        let name: String
        let amount: String
        /// `42.5%`, absent when masked.
        let percent: String?
        /// The share as a fraction of 1 for the bar, absent when masked.
        let fraction: Double?
    }

    enum Content: Sendable, Equatable {
        /// A balance widget: the first account, then the others.
        case accounts(primary: AccountLine, others: [AccountLine])
        /// A spending widget.
        case spending(symbol: String, spent: String, received: String, categories: [CategoryLine])
        /// A placeholder: the prompt and the button it leads to.
        case prompt(text: String, action: String)
    }

    let family: BridgeFamily
    let state: EntryState
    let reason: Reason?
    /// The entry's headline.
    let title: String
    let flag: Flag?
    let content: Content
    /// `5 min ago`, absent on placeholders.
    let updated: String?
    /// Built-in sample data, not the user's.
    let isSample: Bool
    /// The language of the face's own words (labels, flags, buttons); a
    /// right-to-left one mirrors the layout.
    let language: WidgetLanguage

    /// Whether amounts are hidden behind the mask.
    var isMasked: Bool { state == .masked }
    /// Whether the data is past its soft expiry.
    var isStale: Bool { state == .full && reason == .stale }

    /// The face of `entry` in `family`.
    ///
    /// - Parameters:
    ///   - entry: The entry, as the timeline builder made it.
    ///   - family: The family it was made for.
    ///   - localeIdentifier: The locale currency signs are looked up in, and
    ///     whose language the face's own words are in.
    init(_ entry: BridgeEntry, family: BridgeFamily, localeIdentifier: String = "en_US") {
        let language = WidgetLanguage(localeIdentifier: localeIdentifier)
        self.language = language
        self.family = family
        state = entry.state
        reason = entry.reason
        title = entry.title
        isSample = entry.isSample
        updated = entry.lastUpdated?.relative
        flag = Self.flag(state: entry.state, reason: entry.reason, language: language)

        if entry.state != .loginPrompt, !entry.accounts.isEmpty {
            let lines = entry.accounts.map { account in
                AccountLine(
                    name: account.name, amount: Self.withMinusSign(account.balance), number: account.number,
                    symbol: CurrencySign.symbol(forCode: account.balance.currencyCode, localeIdentifier: localeIdentifier),
                    isMain: account.type == .main, isNegative: account.balance.sign == .minus && !account.balance.isMasked)
            }
            content = .accounts(primary: lines[0], others: Array(lines.dropFirst()))
        } else if entry.state != .loginPrompt, let spending = entry.spending {
            content = .spending(
                symbol: CurrencySign.symbol(forCode: spending.currency, localeIdentifier: localeIdentifier),
                spent: Self.withMinusSign(spending.totalSpent), received: Self.withMinusSign(spending.totalReceived),
                categories: spending.categories.map { category in
                    CategoryLine(
                        name: category.name, amount: Self.withMinusSign(category.amount), percent: category.percent,
                        fraction: category.shareTenthsOfPercent.map { Double(min(max($0, 0), 1000)) / 1000 })
                })
        } else {
            content = .prompt(text: entry.title, action: language.text(Self.action(for: entry.reason)))
        }
    }

    /// The amount's text with a real minus sign (U+2212) where the formatter
    /// wrote a hyphen-minus before a negative amount: `−€230.15`, `−230,15 £`.
    /// Every amount a preview draws goes through it (balances, totals,
    /// categories): a picture is typeset, while `read` keeps the formatter's
    /// hyphen-minus, which scripts and spreadsheets parse (docs/CLI.md).
    static func withMinusSign(_ amount: DisplayAmount) -> String {
        guard amount.sign == .minus, !amount.isMasked else { return amount.text }
        return String(amount.text.map { $0 == "-" ? "\u{2212}" : $0 })
    }

    /// The flag for a state: `Stale` in the warning colour, or the masking reason.
    static func flag(state: EntryState, reason: Reason?, language: WidgetLanguage = .english) -> Flag? {
        switch state {
        case .full:
            return reason == .stale ? Flag(label: language.text("Stale"), tone: .warning, icon: .clock) : nil
        case .masked:
            return Flag(label: language.text(maskLabel(for: reason)), tone: .muted, icon: maskIcon(for: reason))
        case .loginPrompt:
            return nil
        }
    }

    /// Why amounts are masked, in a word or two (English: the key of its translations).
    static func maskLabel(for reason: Reason?) -> String {
        switch reason {
        case .locked: return "Locked"
        case .hidden: return "Hidden"
        case .privacy: return "Private"
        case .desktopLocked: return "Screen locked"
        case .expired: return "Expired"
        default: return "Masked"
        }
    }

    /// Why amounts are masked, as a picture.
    static func maskIcon(for reason: Reason?) -> Flag.Icon {
        switch reason {
        case .expired: return .hourglass
        case .hidden: return .eyeSlash
        case .privacy: return .shield
        case .desktopLocked: return .lock
        default: return .lock
        }
    }

    /// The placeholder's button: set up, log in, or open the app (English: the key of its translations).
    static func action(for reason: Reason?) -> String {
        switch reason {
        case .notOnboarded: return "Set up"
        case .loggedOut, .sessionExpired: return "Log in"
        default: return "Open app"
        }
    }
}

/// A currency's sign as the locale writes it: `€`, `$`, `£`, `CHF`.
enum CurrencySign {
    /// The sign the money formatter puts beside amounts in `code`, found by
    /// formatting zero and keeping what is not a digit, space or separator;
    /// `¤` for anything that is not a three-letter code.
    static func symbol(forCode code: String, localeIdentifier: String) -> String {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            return "¤"
        }
        let zero = MoneyFormatter.string(for: Money(minorUnits: 0, currency: Currency(code: code, minorUnitDigits: 0)),
                                         localeIdentifier: localeIdentifier)
        let sign = String(zero.filter { character in
            !(character.isNumber || character.isWhitespace || ".,'’-\u{00A0}\u{202F}".contains(character))
        })
        return sign.isEmpty ? code : sign
    }
}

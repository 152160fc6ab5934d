#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Builds entries from verified content, applying selection and redaction.
package enum EntryBuilder {
    /// The entry for `content` at `date`, as `EntryVisibility` allows.
    package static func entry(for content: VerifiedContent, request: WidgetRequest, at date: Date, isSample: Bool) -> BridgeEntry {
        let selection = ContentSelection.choose(from: content.portfolio, for: request)
        let visibility = EntryVisibility.of(content, hasDisplayableContent: selection != nil, for: request, at: date)
        guard let selection, visibility.state != .loginPrompt else {
            return loginPromptEntry(reason: visibility.reason ?? .noData, request: request, at: date)
        }
        let masked = visibility.state == .masked
        let locale = request.localeIdentifier
        let language = WidgetLanguage(localeIdentifier: locale)
        let lastUpdated = LastUpdated(date: content.issuedAt, seenAt: date, localeIdentifier: locale)
        switch selection {
        case let .accounts(accounts):
            let models = accounts.map { accountModel($0, masked: masked, request: request) }
            let headline: Headline = request.family.accountLimit == 1 ? .account(name: accounts[0].name) : .accounts
            let title = request.family.accountLimit == 1 ? accounts[0].name : language.text("Accounts")
            return BridgeEntry(
                date: date, state: visibility.state, reason: visibility.reason, title: title, headline: headline,
                isSample: isSample,
                url: models.first?.url, accounts: models, spending: nil, lastUpdated: lastUpdated)
        case let .spending(figures):
            let model = spendingModel(figures, masked: masked, localeIdentifier: locale)
            return BridgeEntry(
                date: date, state: visibility.state, reason: visibility.reason,
                title: SpendingTitle.title(forPeriod: figures.period, localeIdentifier: locale),
                headline: .spending(month: SpendingTitle.month(ofPeriod: figures.period)), isSample: isSample,
                url: nil, accounts: [], spending: model, lastUpdated: lastUpdated)
        }
    }

    /// A placeholder: the reason's prompt and the login link, no account data.
    static func loginPromptEntry(reason: Reason, request: WidgetRequest, at date: Date) -> BridgeEntry {
        BridgeEntry(
            date: date, state: .loginPrompt, reason: reason,
            title: WidgetLanguage(localeIdentifier: request.localeIdentifier).text(LoginPrompt.title(for: reason, unlocking: request.keychainUnlock)),
            headline: .prompt(reason),
            isSample: false, url: try? DeepLink.login.url(scheme: request.deepLinkScheme),
            accounts: [], spending: nil, lastUpdated: nil)
    }

    static func accountModel(_ account: Account, masked: Bool, request: WidgetRequest) -> AccountViewModel {
        AccountViewModel(
            id: account.id,
            name: account.name,
            balance: DisplayAmount(account.balance, masked: masked, localeIdentifier: request.localeIdentifier),
            number: account.identifier.map(Redaction.maskedNumber),
            numberKind: account.identifier?.kind,
            type: account.type,
            url: try? DeepLink.account(id: account.id).url(scheme: request.deepLinkScheme))
    }

    static func spendingModel(_ figures: SpendingFigures, masked: Bool, localeIdentifier: String) -> SpendingViewModel {
        func money(_ amount: Money) -> DisplayAmount {
            DisplayAmount(amount, masked: masked, localeIdentifier: localeIdentifier)
        }
        // Masked rows are chosen and ordered by name alone: ranking by amount would give the amounts away.
        let categories = (masked ? figures.firstByName : figures.top).map { share in
            CategoryViewModel(
                name: share.category,
                amount: money(share.amount),
                shareTenthsOfPercent: masked ? nil : share.tenthsOfPercent,
                percent: masked ? nil : PercentFormatter.string(tenthsOfPercent: share.tenthsOfPercent, localeIdentifier: localeIdentifier))
        }
        return SpendingViewModel(
            period: figures.period, currency: figures.currency.code,
            totalSpent: money(figures.totalSpent), totalReceived: money(figures.totalReceived),
            categories: categories)
    }
}

/// The headline of a placeholder entry, in English (the key of its translations).
enum LoginPrompt {
    static func title(for reason: Reason, unlocking unlock: KeychainUnlock = .keyring) -> String {
        switch reason {
        case .notOnboarded: return "Open SecureBridge to set up your widget"
        case .loggedOut: return "Log in to see your accounts"
        case .sessionExpired: return "Your session has ended: log in again"
        case .noData: return "No account data to show yet"
        case .tampered, .rollback, .unknownKey, .insecureStorage:
            return "Open SecureBridge to refresh your accounts"
        case .unavailable:
            return "Your accounts will show again in a moment"
        case .keychainUnavailable:
            switch unlock {
            case .keyring: return "Unlock your keyring to see your accounts"
            case .device: return "Unlock your device to see your accounts"
            }
        case .locked, .hidden, .privacy, .desktopLocked, .stale, .expired:
            return "Open SecureBridge to see your accounts"
        }
    }
}

/// The headline of a spending entry: `Spending November 2026`, `2026年11月の支出`.
enum SpendingTitle {
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The title for a `YYYY-MM` period, the month named in the locale's language; plain "Spending" otherwise.
    static func title(forPeriod period: String, localeIdentifier: String = "en_US") -> String {
        let language = WidgetLanguage(localeIdentifier: localeIdentifier)
        guard let (year, month) = yearAndMonth(ofPeriod: period) else { return language.text("Spending") }
        let monthAndYear = language == .english
            ? "\(months[month - 1]) \(period.prefix(4))"
            : LocalizedFormat.monthAndYear(year: year, month: month, localeIdentifier: localeIdentifier)
        return monthAndYear.map { language.text("Spending %@", $0) } ?? language.text("Spending")
    }

    /// The month of a `YYYY-MM` period, its `year` and `month` set; `nil` for anything else.
    static func month(ofPeriod period: String) -> DateComponents? {
        yearAndMonth(ofPeriod: period).map { DateComponents(year: $0.year, month: $0.month) }
    }

    private static func yearAndMonth(ofPeriod period: String) -> (year: Int, month: Int)? {
        let parts = period.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts[0].allSatisfy(\.isASCIIDigitCharacter), parts[1].allSatisfy(\.isASCIIDigitCharacter),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        return (year, month)
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The part of a snapshot one widget request shows, chosen before redaction.
package enum ContentSelection: Sendable, Equatable {
    /// Accounts in display order (configured, else main, else first; then the bank's order), within the limit.
    case accounts([Account])
    case spending(SpendingFigures)

    /// What `request` shows of `portfolio`, or `nil` (→ `no-data`) when nothing of it fits the request.
    package static func choose(from portfolio: Portfolio, for request: WidgetRequest) -> ContentSelection? {
        switch request.kind {
        case .balance:
            return selectAccounts(portfolio.accounts, configuredID: request.configuredAccountID, limit: request.family.accountLimit)
                .map(ContentSelection.accounts)
        case .spending:
            return portfolio.analytics
                .flatMap { SpendingFigures($0, categoryLimit: request.family.categoryLimit) }
                .map(ContentSelection.spending)
        }
    }

    /// The accounts to list, primary first.
    static func selectAccounts(_ accounts: [Account], configuredID: String?, limit: Int) -> [Account]? {
        let primaryIndex: Int?
        if let configuredID {
            primaryIndex = accounts.firstIndex { $0.id == configuredID }
        } else {
            primaryIndex = accounts.firstIndex { $0.type == .main } ?? accounts.indices.first
        }
        guard let primaryIndex else { return nil }
        var chosen = [accounts[primaryIndex]]
        for index in accounts.indices where index != primaryIndex && chosen.count < limit {
            chosen.append(accounts[index])
        }
        return chosen
    }
}

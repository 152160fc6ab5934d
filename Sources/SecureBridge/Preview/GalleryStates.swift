import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The four states the gallery shows every family in.
public enum GalleryState: String, Sendable, Hashable, CaseIterable {
    /// Amounts shown, fresh.
    case full
    /// Amounts shown, flagged past the soft expiry.
    case stale
    /// No amount at all: the fixed mask.
    case masked
    /// No account data: the prompt and its button.
    case placeholder
}

/// One gallery tile's entry and where its data came from.
struct GalleryTile: Sendable, Equatable {
    let state: GalleryState
    let family: BridgeFamily
    let entry: BridgeEntry
    /// Built from the home's snapshot (else from the built-in sample data,
    /// or no data at all for placeholders).
    let fromSnapshot: Bool
}

/// Builds each gallery state by running the timeline builder on gate results
/// made for the purpose.
///
/// A state is built from the home's verified snapshot when the snapshot may
/// be shown that way at `now`, else from `WidgetSampleData`. Redaction only
/// ever goes down: a locked, hidden or expired snapshot never supplies the
/// full or stale tiles (sample data does), and the request's privacy context
/// and the accessory families mask as they do in `read`.
enum GalleryStates {
    static func tile(_ state: GalleryState, family: BridgeFamily, preview: WidgetPreview) -> GalleryTile {
        let request = preview.request(for: family)
        let now = preview.reading.now
        if state == .placeholder {
            let reason: Reason
            if case let .refused(actual) = preview.reading.result { reason = actual } else { reason = .loggedOut }
            let entry = WidgetTimeline.snapshot(for: .refused(reason), request: request, now: now)
            return GalleryTile(state: state, family: family, entry: entry, fromSnapshot: false)
        }
        if case let .content(content) = preview.reading.result,
            let variant = variant(of: content, for: state, request: request, now: now)
        {
            let entry = WidgetTimeline.snapshot(for: .content(variant), request: request, now: now)
            return GalleryTile(state: state, family: family, entry: entry, fromSnapshot: true)
        }
        let entry = EntryBuilder.entry(
            for: sample(for: state, now: now), request: request.withoutConfiguredAccount, at: now, isSample: true)
        return GalleryTile(state: state, family: family, entry: entry, fromSnapshot: false)
    }

    /// The snapshot's content changed to show `state`, or `nil` when that
    /// would show more than the snapshot may show now.
    static func variant(of content: VerifiedContent, for state: GalleryState, request: WidgetRequest, now: Date) -> VerifiedContent? {
        guard now < content.sessionExpiresAt, ContentSelection.choose(from: content.portfolio, for: request) != nil else { return nil }
        let amountsAllowed = !content.isLocked && !content.hidesBalances && now < content.expiresAt
        switch state {
        case .full:
            guard amountsAllowed else { return nil }
            return VerifiedContent(
                portfolio: content.portfolio, issuedAt: min(content.issuedAt, now), staleAt: max(content.staleAt, now + 1),
                expiresAt: content.expiresAt, sessionExpiresAt: content.sessionExpiresAt, isLocked: false, hidesBalances: false)
        case .stale:
            guard amountsAllowed else { return nil }
            let issuedAt = min(content.issuedAt, now - 2 * 3600)
            return VerifiedContent(
                portfolio: content.portfolio, issuedAt: issuedAt, staleAt: issuedAt + 3600,
                expiresAt: content.expiresAt, sessionExpiresAt: content.sessionExpiresAt, isLocked: false, hidesBalances: false)
        case .masked:
            // Already masked for a reason of its own: show that reason.
            if !amountsAllowed { return content }
            return VerifiedContent(
                portfolio: content.portfolio, issuedAt: content.issuedAt, staleAt: content.staleAt,
                expiresAt: content.expiresAt, sessionExpiresAt: content.sessionExpiresAt, isLocked: true,
                hidesBalances: content.hidesBalances)
        case .placeholder:
            return nil
        }
    }

    /// The built-in sample data in `state`.
    static func sample(for state: GalleryState, now: Date) -> VerifiedContent {
        let base = WidgetSampleData.content(around: now)
        switch state {
        case .full, .placeholder:
            return base
        case .stale:
            return VerifiedContent(
                portfolio: base.portfolio, issuedAt: now - 2 * 3600, staleAt: now - 3600, expiresAt: base.expiresAt,
                sessionExpiresAt: base.sessionExpiresAt, isLocked: false, hidesBalances: false)
        case .masked:
            return VerifiedContent(
                portfolio: base.portfolio, issuedAt: base.issuedAt, staleAt: base.staleAt, expiresAt: base.expiresAt,
                sessionExpiresAt: base.sessionExpiresAt, isLocked: true, hidesBalances: false)
        }
    }
}

/// Names that must not break the markup, for the gallery's edge-case row.
enum GalleryEdgeCases {
    static let portfolio: Portfolio = {
        func money(_ minor: Int64, _ code: String, _ digits: Int) -> Money {
            Money(minorUnits: minor, currency: Currency(code: code, minorUnitDigits: digits))
        }
        return Portfolio(uncheckedAccounts: [
            Account(uncheckedID: "edge-script", name: "<script>alert(\"pwned\")</script>", balance: money(123_456, "EUR", 2),
                    iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: .main),
            Account(uncheckedID: "edge-amp", name: "Tom & Jerry's \"Fun\" <Fund>", balance: money(98_765, "USD", 2),
                    iban: IBAN(checkedElectronicFormat: "NL91ABNA0417164300"), type: .secondary),
            Account(uncheckedID: "edge-arabic", name: "حساب التوفير العائلي", balance: money(4_200_050, "SAR", 2),
                    iban: IBAN(checkedElectronicFormat: "SA0380000000608010167519"), type: .secondary),
            Account(uncheckedID: "edge-hebrew", name: "חשבון עובר ושב", balance: money(-12_345, "ILS", 2),
                    iban: IBAN(checkedElectronicFormat: "IL620108000000099999999"), type: .secondary),
            Account(uncheckedID: "edge-long", name: "Household Expenses and Emergency Reserve for the Whole Family", balance: money(1_234_567_890, "JPY", 0),
                    iban: IBAN(checkedElectronicFormat: "GB82WEST12345698765432"), type: .secondary),
            Account(uncheckedID: "edge-cjk", name: "日本円トラベル口座・家族旅行用の積立", balance: money(9_999_999_999_99, "EUR", 2),
                    iban: IBAN(checkedElectronicFormat: "FR1420041010050500013M02606"), type: .secondary),
        ], analytics: Analytics(
            uncheckedPeriod: "2026-11", currency: Currency(code: "EUR", minorUnitDigits: 2),
            spent: [
                CategoryAmount(uncheckedCategory: "<b>Rent</b> & \"bills\"", amount: money(120_000, "EUR", 2)),
                CategoryAmount(uncheckedCategory: "بقالة ومواد غذائية", amount: money(41_237, "EUR", 2)),
                CategoryAmount(uncheckedCategory: "Subscriptions, memberships and everything else that renews", amount: money(5_999, "EUR", 2)),
            ],
            received: [CategoryAmount(uncheckedCategory: "Salary", amount: money(385_000, "EUR", 2))]))
    }()

    /// The edge-case portfolio, fresh at `now`.
    static func content(now: Date) -> VerifiedContent {
        VerifiedContent(
            portfolio: portfolio, issuedAt: now - 60, staleAt: now + 3600, expiresAt: now + 86_400,
            sessionExpiresAt: now + 86_400, isLocked: false, hidesBalances: false)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One rule of SPEC.md sections 3 to 7 that a deliberately careless reader
/// breaks: the conformance kit's check of itself. A debug build run with
/// `SECUREBRIDGE_CARELESS=<rule>` reads as a reader that breaks that rule
/// alone would, and the kit must fail it on at least one vector
/// (docs/IMPLEMENTING.md, "What the kit catches", lists each rule beside the
/// vectors that catch it; `ConformanceKitTests` runs them).
///
/// A release build has no such switch: `isBroken(_:)` is `false` there and
/// every check stands.
package enum CarelessReading: String, CaseIterable, Sendable {
    // 3.1 Files
    case requiresReloadToken = "requires-reload-token"
    case refusesOtherNames = "refuses-other-names"
    // 3.2 Storage checks
    case skipsTheWay = "skips-the-way"
    case followsPlaceLinks = "follows-place-links"
    case skipsKeychainPlaceMode = "skips-keychain-place-mode"
    case skipsContainerPlaceMode = "skips-container-place-mode"
    case followsFileLinks = "follows-file-links"
    case skipsFileType = "skips-file-type"
    case skipsLinkCount = "skips-link-count"
    case leavesOwnerAccessToTheKernel = "leaves-owner-access-to-the-kernel"
    case skipsKeychainFileMode = "skips-keychain-file-mode"
    case skipsContainerFileMode = "skips-container-file-mode"
    case oversizedIsInsecure = "oversized-is-insecure"
    // 4 Container formats
    case comparesIssuedAtWithTheClock = "compares-issued-at-with-the-clock"
    case skipsRecordKind = "skips-record-kind"
    case comparesAuthInstants = "compares-auth-instants"
    case checksSequenceBeforeDecoding = "checks-sequence-before-decoding"
    case acceptsAHigherVersion = "accepts-a-higher-version"
    case acceptsKindNoneInV2 = "accepts-kind-none-in-v2"
    // 5 Keychain items
    case acceptsAnyKeyLayout = "accepts-any-key-layout"
    case skipsKeysetPrimary = "skips-keyset-primary"
    case skipsKeysetIDs = "skips-keyset-ids"
    case checksTheMarksGap = "checks-the-marks-gap"
    case prefersSlot1OnTies = "prefers-slot-1-on-ties"
    case ignoresTheClockMark = "ignores-the-clock-mark"
    case neverWritesTheMarks = "never-writes-the-marks"
    case placeholderRaisesNothing = "placeholder-raises-nothing"
    case writesTheNewestSlot = "writes-the-newest-slot"
    case wrapsTheLastGeneration = "wraps-the-last-generation"
    case readsStoreAfterMarks = "reads-store-after-marks"
    case fallsBackToFiles = "falls-back-to-files"
    // 6 The gate
    case skipsOnboardingMark = "skips-onboarding-mark"
    case skipsAuthMark = "skips-auth-mark"
    case skipsSnapshotMark = "skips-snapshot-mark"
    case skipsEnrollment = "skips-enrollment"
    case showsLoggedOut = "shows-logged-out"
    case skipsSessionEnd = "skips-session-end"
    case skipsSigningKeyID = "skips-signing-key-id"
    case skipsSignature = "skips-signature"
    case skipsEpoch = "skips-epoch"
    case missingKeysetIsTampered = "missing-keyset-is-tampered"
    // 7 What a widget shows
    case exclusiveBoundaries = "exclusive-boundaries"
    case expiredBeforeLocked = "expired-before-locked"
    case ignoresHidden = "ignores-hidden"
    case ignoresPrivacy = "ignores-privacy"
    case neverSaysStale = "never-says-stale"
    case masksLeaveBalances = "masks-leave-balances"

    /// Whether this run breaks `rule`: only in a debug build, and only when
    /// `SECUREBRIDGE_CARELESS` names it.
    @inline(__always)
    package static func isBroken(_ rule: Self) -> Bool {
        #if DEBUG
        chosen == rule
        #else
        false
        #endif
    }

    #if DEBUG
    /// The rule `SECUREBRIDGE_CARELESS` names, read once.
    private static let chosen: Self? = ProcessInfo.processInfo.environment["SECUREBRIDGE_CARELESS"].flatMap(Self.init(rawValue:))
    #endif
}

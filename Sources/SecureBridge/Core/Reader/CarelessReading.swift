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
    case skipsSeparation = "skips-separation"
    case followsPlaceLinks = "follows-place-links"
    case skipsKeychainPlaceMode = "skips-keychain-place-mode"
    case skipsContainerPlaceMode = "skips-container-place-mode"
    case followsFileLinks = "follows-file-links"
    case skipsFileType = "skips-file-type"
    case skipsLinkCount = "skips-link-count"
    case skipsKeychainFileMode = "skips-keychain-file-mode"
    case skipsContainerFileMode = "skips-container-file-mode"
    case oversizedIsInsecure = "oversized-is-insecure"
    // 4 Container formats
    case comparesIssuedAtWithTheClock = "compares-issued-at-with-the-clock"
    case skipsRecordKind = "skips-record-kind"
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

extension Ed25519.PublicKey {
    /// The raw key of a PEM that a careless reader takes in any layout RFC
    /// 7468 allows (`acceptsAnyKeyLayout`): CRLF line ends and blank lines
    /// dropped, then read as the canonical layout; `nil` otherwise.
    static func carelessPEMRawKey(_ pem: some Collection<UInt8>) -> [UInt8]? {
        guard CarelessReading.isBroken(.acceptsAnyKeyLayout) else { return nil }
        let lines = String(decoding: Array(pem), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).filter { !$0.isEmpty }
        return canonicalPEMRawKey(Array((lines.joined(separator: "\n") + "\n").utf8))
    }
}

extension SecureDirectory {
    /// Whether a careless reader skips the mode check of this place
    /// (`isDirectory`) or of a file in it.
    func carelesslySkipsMode(isDirectory: Bool) -> Bool {
        switch (place, isDirectory) {
        case (.keychain, true): CarelessReading.isBroken(.skipsKeychainPlaceMode)
        case (.container, true): CarelessReading.isBroken(.skipsContainerPlaceMode)
        case (.keychain, false): CarelessReading.isBroken(.skipsKeychainFileMode)
        case (.container, false): CarelessReading.isBroken(.skipsContainerFileMode)
        default: false
        }
    }

    /// A careless reader's refusal of a place holding a name SPEC.md 3.1 does
    /// not list (`refusesOtherNames`); nothing when the rule is kept.
    func carelesslyRefuseOtherNames() throws {
        guard CarelessReading.isBroken(.refusesOtherNames) else { return }
        let known: Set = [
            FileName.keyset, FileName.pinnedKey, FileName.marks, FileName.store, ".lock",
            FileName.onboarding, FileName.authStatus, FileName.snapshot, FileName.reloadToken,
        ]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path.string)) ?? []
        if let other = names.first(where: { !known.contains($0) }) {
            throw StorageError(.notRegularFile(path: self.path(of: other)))
        }
    }
}

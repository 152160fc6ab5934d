public import SecureBridge

/// What a reason code on a widget entry means and what to do about it: the
/// line `bridgectl doctor` prints for the reason the widget currently shows.
public struct ReasonExplanation: Sendable, Equatable {
    /// The reason explained.
    public let reason: Reason
    /// How serious it is when the widget shows it.
    public let severity: Finding.Severity
    /// What it means, in one sentence.
    public let meaning: String
    /// What to do, in one sentence or command.
    public let fix: String
}

extension Reason {
    /// What this reason means and what to do about it.
    public var explanation: ReasonExplanation {
        switch self {
        case .notOnboarded:
            explain(.warning,
                "the app has not set this installation up: there is no onboarding record signed by the pinned publisher key",
                "log in once: `bridgectl login --user ID`")
        case .loggedOut:
            explain(.warning,
                "the signed auth status says logged out (or is missing), so nothing may be shown",
                "log in: `bridgectl login --user ID`")
        case .sessionExpired:
            explain(.warning,
                "the session's end, signed by the app, has passed",
                "log in again: `bridgectl login --user ID`")
        case .locked:
            explain(.ok,
                "the app is locked, so every amount is masked",
                "unlock the app: `bridgectl unlock`")
        case .hidden:
            explain(.ok,
                "the user chose to hide balances in widgets",
                "show them again: `bridgectl prefs --hide-balances off`")
        case .privacy:
            explain(.ok,
                "the widget is shown in a privacy context (device locked, screen shared), so amounts are masked",
                "nothing to do: amounts return when the device is unlocked")
        case .desktopLocked:
            explain(.ok,
                "the desktop session is locked, so a long-lived reader masks every amount",
                "nothing to do: amounts return when the session is unlocked")
        case .stale:
            explain(.warning,
                "the snapshot is past its soft expiry: amounts still show, flagged as stale",
                "publish fresh data: `bridgectl publish FILE`")
        case .expired:
            explain(.warning,
                "the snapshot is past its hard expiry (the app stopped publishing), so no amount is shown",
                "publish fresh data: `bridgectl publish FILE`")
        case .noData:
            explain(.warning,
                "the session is live but there is no snapshot, or it has no account the widget is configured for",
                "publish: `bridgectl publish FILE` (and check that --account names an account in it)")
        case .tampered:
            explain(.problem,
                "a container file failed its signature, decryption or strict decoding, or belongs to another enrollment",
                "republish with `bridgectl publish FILE`; if the onboarding record or auth status is damaged, log out and in again")
        case .rollback:
            explain(.problem,
                "a container file is older than one already seen (a restored backup or a replay), or the snapshot is from an earlier login",
                "publish again so a newer snapshot replaces it: `bridgectl publish FILE`")
        case .unknownKey:
            explain(.problem,
                "the snapshot or a record names a data key or signing key the keychain does not hold",
                "republish under the current keys: `bridgectl publish FILE`; if the keyset is missing, log out and in again")
        case .unavailable:
            explain(.warning,
                "the widget could not read its storage right now (out of file descriptors or memory, or an I/O error); it tries again at the next refresh",
                "nothing to do if it passes; if it stays, check the system's limits (`ulimit -n`), free memory and the disk")
        case .keychainUnavailable:
            explain(.warning,
                "the keychain's items are in a store the widget cannot use now (the Secret Service locked or unreachable, or the TPM); it tries again soon",
                "the keychain line of `bridgectl doctor` says why: unlock your keyring, or reach the TPM that sealed the items")
        case .insecureStorage:
            explain(.problem,
                "a file or directory is a link, has several names, another owner or permissions open to others, so the widget refuses it",
                "fix what the layout and permissions lines of `bridgectl doctor` name: `chmod 600` a file, `chmod 700` a directory, remove links")
        }
    }

    private func explain(_ severity: Finding.Severity, _ meaning: String, _ fix: String) -> ReasonExplanation {
        ReasonExplanation(reason: self, severity: severity, meaning: meaning, fix: fix)
    }
}

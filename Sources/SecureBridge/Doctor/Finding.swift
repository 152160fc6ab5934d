import SecureBridge

/// One thing `bridgectl doctor` checked: how it stands, what was found and,
/// unless all is well, what to do about it.
public struct Finding: Sendable, Equatable, CustomStringConvertible {
    /// How a finding stands.
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        /// As it should be.
        case ok
        /// Works, but the widget shows less than it could, or soon will.
        case warning
        /// Broken: the widget cannot show what the app published, or storage is unsafe.
        case problem

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Which check a finding belongs to; the raw values are the JSON's `check`.
    public enum Check: String, Sendable, CaseIterable {
        /// The crypto backend's version and algorithms (the linked OpenSSL's, by default).
        case crypto
        /// The three places are directories of the user's, with safe permissions, and apart.
        case layout
        /// Owners and modes of the places and their files, and the way to them.
        case permissions
        /// The signing key, the pinned public key and the data keyset are readable and well formed.
        case keys
        /// The pinned public key matches the signing key.
        case pinnedKey = "pinned-key"
        /// The app's session and the signed auth status agree.
        case session
        /// What the widget shows, and why.
        case widget
        /// The snapshot's age and lifetimes.
        case snapshot
        /// The clock against the marks the widget has seen.
        case clock
        /// Temporary files left by a command cut short.
        case temporaryFiles = "temporary-files"
    }

    /// Which check this is.
    public let check: Check
    /// How it stands; a cause stands as its worst consequence.
    public internal(set) var severity: Severity
    /// What was found, in one sentence; paths, ids and times, never data.
    public let message: String
    /// What to do, usually a command; `nil` when nothing needs doing, or
    /// when the finding follows from another one (``cause``) whose fix is the one to follow.
    public internal(set) var fix: String?
    /// The check of the finding this one follows from, when it is a
    /// consequence of another: printed under it, without a fix of its own,
    /// since its fix would fail until the cause is fixed. `nil` for a cause
    /// or an ok finding.
    public internal(set) var cause: Check?

    /// A finding of `check`, with its severity, message and fix.
    public init(_ check: Check, _ severity: Severity, _ message: String, fix: String? = nil) {
        self.check = check
        self.severity = severity
        self.message = message
        self.fix = fix
    }

    /// The finding as one line: severity, message and fix; a consequence
    /// marked `↳` and naming its cause.
    public var description: String {
        let label = severity.rawValue + String(repeating: " ", count: max(0, 8 - severity.rawValue.count))
        if let cause { return label + "↳ " + message + " (fix the \(cause.rawValue) finding above first)" }
        return label + message + (fix.map { " — fix: \($0)" } ?? "")
    }

    /// This finding with the login command its fix quotes naming `user`,
    /// whom the app's state records; unchanged without one.
    func naming(user: String?) -> Finding {
        let anyUser = Doctor.loginCommand(for: nil)
        guard let user, let fix, fix.contains(anyUser) else { return self }
        var named = self
        named.fix = fix.replacing(anyUser, with: Doctor.loginCommand(for: user))
        return named
    }

    /// This finding as a consequence of `cause`, without a fix of its own.
    func following(_ cause: Finding) -> Finding {
        var consequence = self
        consequence.fix = nil
        consequence.cause = cause.check
        return consequence
    }
}

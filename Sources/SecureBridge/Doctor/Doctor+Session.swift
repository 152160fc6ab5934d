import SecureBridge
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The session as the app recorded it and as the widget's gate sees it, the
// snapshot's age and expiry, and the clock.

extension Doctor {
    func sessionFindings(_ files: StoredFiles, state: AppState?, now: Date) -> [Finding] {
        let path = home.app.appending(StoredFile.state.name).string
        if case .refused = files.state { return [] }  // the permissions finding says why
        if files.state.isPresent, state == nil {
            return [Finding(
                .session, .problem, "\(path) is damaged, so the app cannot tell its session",
                fix: "`bridgectl logout` destroys the data keys, then `bridgectl login --user ID` starts over (each rebuilds the state)")]
        }
        guard let state, state.userID != nil, let session = state.session else {
            return [Finding(.session, .warning, "no user has logged in yet", fix: "`bridgectl login --user ID`")]
        }
        var findings: [Finding] = []
        let expiry = Date(timeIntervalSince1970: TimeInterval(session.expiresAt))
        let until = "\(UTCTimestamp.string(from: expiry)) (\(Self.span(from: now, to: expiry)))"
        switch session.state {
        case .loggedOut:
            findings.append(Finding(
                .session, .warning, "logged out: widgets show the login placeholder", fix: "`bridgectl login --user ID`"))
        case .active, .locked:
            guard now < expiry else {
                findings.append(Finding(
                    .session, .warning, "the session expired at \(until): widgets show session-expired",
                    fix: "log in again: `bridgectl login --user ID`"))
                break
            }
            if session.state == .active {
                findings.append(Finding(.session, .ok, "session active, epoch \(state.epoch), until \(until)"))
            } else {
                findings.append(Finding(
                    .session, .ok, "session locked (widgets mask amounts), epoch \(state.epoch), until \(until)"))
            }
        }
        if state.owesWipe {
            findings.append(Finding(
                .session, .warning,
                "\(state.failedUnlocks) wrong passcodes in a row: the wipe they call for was cut short (widgets show no amounts)",
                fix: "`bridgectl logout` finishes the wipe; then log in again"))
        } else if state.failedUnlocks > 0, session.state != .loggedOut {
            let left = BridgeApp.maximumFailedUnlocks - state.failedUnlocks
            findings.append(Finding(
                .session, .warning,
                "\(state.failedUnlocks) wrong passcode\(state.failedUnlocks == 1 ? "" : "s") in a row; \(left) more wipe the session",
                fix: "nothing to do if they were yours: the next right passcode resets the count (if they were not, someone is guessing it)"))
        }
        return findings
    }

    /// What the widget shows right now, judged by the gate as a widget would
    /// (including the clock's high-water mark), without writing a mark.
    func widgetReading(_ files: StoredFiles, now: Date) -> WidgetReader.Reading {
        let markTime = files.highWaterMarks.map { Date(timeIntervalSince1970: TimeInterval($0.time)) } ?? now
        return WidgetReader(home: home, logger: logger).read(now: max(now, markTime), whatIf: true)
    }

    /// Whether the widget and the app agree on the session: a widget showing
    /// more than the app's state allows is a problem (the container was
    /// changed behind the app's back); an auth status older than the app's
    /// last (a session change cut short) is a warning, the widget then
    /// showing less than the app allows.
    func agreementFindings(_ files: StoredFiles, state: AppState?, reading: WidgetReader.Reading) -> [Finding] {
        let path = home.container.appending(StoredFile.authStatus.name).string
        let session = state?.session
        let live = session.map { $0.state != .loggedOut && reading.now < Date(timeIntervalSince1970: TimeInterval($0.expiresAt)) } ?? false
        if case let .content(content) = reading.result {
            let excess: (what: String, fix: String)? =
                if !live { ("the app has no live session", "`bridgectl login --user ID`, then `bridgectl logout`") }
                else if session?.state == .locked, !content.isLocked { ("the app is locked", "`bridgectl lock` writes the lock again") }
                else if session?.hidesBalances == true, !content.hidesBalances {
                    ("the app hides balances", "`bridgectl prefs --hide-balances on` writes it again")
                } else { nil }
            if let excess {
                return [Finding(
                    .session, .problem, "\(excess.what), but the widget shows amounts: \(path) says otherwise",
                    fix: excess.fix)]
            }
        }
        guard let state, live, !state.owesWipe, let cutShort = cutShortChange(files, state: state, live: live) else { return [] }
        // The narrower of the two sessions is written again: a fix never shows more than both allow.
        let narrower = cutShort.recorded.flatMap { recorded in session.map { Self.shows(recorded) < Self.shows($0) } == true ? recorded : nil } ?? session
        // An epoch newer than the record's while the session is live: only a
        // logout reserves one (a login keeps the old session until it ends),
        // and any other record signed now would carry the new epoch, which
        // leaves the snapshot from the old one a rollback. So it is finished.
        let logoutCutShort = cutShort.epoch.map { $0 < state.epoch } ?? false
        let reassert = switch (narrower?.state, narrower?.hidesBalances) {
        case _ where logoutCutShort, (.loggedOut?, _): "`bridgectl logout`"
        case (.locked?, _): "`bridgectl lock`"
        case (.active?, true): "`bridgectl prefs --hide-balances on`"
        default: "`bridgectl unlock`"
        }
        return [Finding(
            .session, .warning,
            "\(path) \(cutShort.text) while the app records \(session.map { "the session as \($0.phrase)" } ?? "no session") (auth status \(state.authSequence)): a command was cut short, so widgets show less than the app allows",
            fix: logoutCutShort
                ? "\(reassert) finishes the logout that was cut short"
                : "\(reassert) writes the session again (or run the command that was cut short again)")]
    }

    /// How much a session lets the widget show: 0 nothing, 1 masked amounts, 2 amounts.
    static func shows(_ session: AppState.Session) -> Int {
        switch session.state {
        case .loggedOut: 0
        case .locked: 1
        case .active: session.hidesBalances ? 1 : 2
        }
    }

    /// What the container's auth status holds, when it is not the session
    /// the app recorded last: older than the app's last, or of the app's
    /// last sequence but another session (a change that shows less is
    /// recorded in the app state after its record), with the session and
    /// epoch it records when its signature holds; `nil` when they agree.
    private func cutShortChange(
        _ files: StoredFiles, state: AppState, live: Bool
    ) -> (text: String, recorded: AppState.Session?, epoch: UInt64?)? {
        let record = files.authStatus.contents.flatMap { try? SignedRecord(bytes: $0, expected: .authStatus) }
        guard let record else { return live ? ("is missing", nil, nil) : nil }
        let pinned = files.pinnedKey.contents.flatMap { try? Ed25519.PublicKey(pinnedKeyPEM: $0) }
        let status = pinned.flatMap { try? AuthStatus(payload: record.verifiedPayload(publicKey: $0)) }
        let recorded = status.map { AppState.Session(state: $0.state, expiresAt: $0.sessionExpiresAt, hidesBalances: $0.hidesBalances) }
        guard record.sequence >= state.authSequence else { return ("holds auth status \(record.sequence)", recorded, status?.epoch) }
        guard record.sequence == state.authSequence, let status, let recorded else { return nil }
        let agrees = status.epoch == state.epoch
            && (state.session.map { status.state == $0.state && status.hidesBalances == $0.hidesBalances }
                ?? (status.state == .loggedOut))
        return agrees ? nil : ("holds auth status \(record.sequence), which says \(recorded.phrase)", recorded, status.epoch)
    }

    /// The widget line: full content, or the explanation of its reason.
    static func widgetFinding(for result: GateResult, now: Date) -> Finding {
        // The gate's verdict for a plain medium balance widget outside a privacy context.
        let request = WidgetRequest(kind: .balance, family: .systemMedium)
        let entry = WidgetTimeline.snapshot(for: result, request: request, now: now)
        guard let reason = entry.reason else {
            return Finding(.widget, .ok, "the widget shows full content: the gate verified and decrypted the snapshot")
        }
        let explanation = reason.explanation
        let shows = switch entry.state {
        case .loginPrompt: "shows the login placeholder"
        case .masked: "masks every amount"
        case .full: "shows amounts, flagged"
        }
        return Finding(
            .widget, explanation.severity, "the widget \(shows) (\(reason.rawValue)): \(explanation.meaning)",
            fix: explanation.fix)
    }

    /// The sequence of the last snapshot the app made live in `epoch`, as its
    /// publish cursor records; `nil` when the cursor does not say (none, of
    /// another epoch, or unreadable).
    private func lastLiveSnapshot(inEpoch epoch: UInt64) -> UInt64? {
        guard let app = try? home.open(.app) else { return nil }
        return try? PublishCursor.lastLiveSequence(in: app, epoch: epoch)
    }

    func snapshotFindings(_ files: StoredFiles, state: AppState?, now: Date) -> [Finding] {
        let path = home.container.appending(StoredFile.snapshot.name).string
        let live = state?.session?.state == .active || state?.session?.state == .locked
        switch files.snapshot {
        case .refused, .unreachable:
            return []
        case .absent:
            guard live else { return [] }
            if let state, let published = lastLiveSnapshot(inEpoch: state.epoch) {
                return [Finding(
                    .snapshot, .warning,
                    "\(path) is missing, though snapshot \(published) was published in this session (removed outside the app), so widgets show no-data",
                    fix: "publish again: `bridgectl publish FILE`")]
            }
            return [Finding(.snapshot, .warning, "no snapshot has been published in this session", fix: "`bridgectl publish FILE`")]
        case .present:
            break
        }
        guard let header = files.snapshotHeader else {
            return [Finding(
                .snapshot, .problem, "\(path) is not a snapshot envelope (widgets show tampered)",
                fix: "republish: `bridgectl publish FILE`")]
        }
        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let issued = date(header.issuedAt)
        let stale = date(header.staleAt)
        let expires = date(header.expiresAt)
        let age = "snapshot \(header.sequence) published \(Self.span(from: now, to: issued))"
        let ttl = "soft TTL \(Self.duration(header.staleAt - header.issuedAt)), hard TTL \(Self.duration(header.expiresAt - header.issuedAt))"
        if now >= expires {
            return [Finding(
                .snapshot, .warning, "\(age), expired \(Self.span(from: now, to: expires)) (\(ttl)): widgets show no amounts",
                fix: "publish fresh data: `bridgectl publish FILE`")]
        }
        if now >= stale {
            return [Finding(
                .snapshot, .warning, "\(age), stale since \(Self.span(from: now, to: stale)), expires \(Self.span(from: now, to: expires)) (\(ttl))",
                fix: "publish fresh data: `bridgectl publish FILE`")]
        }
        if let state, header.epoch != state.epoch {
            return [Finding(
                .snapshot, .warning, "\(age) in epoch \(header.epoch), but the app is in epoch \(state.epoch) (widgets show rollback)",
                fix: "publish again: `bridgectl publish FILE`")]
        }
        return [Finding(
            .snapshot, .ok, "\(age); turns stale \(Self.span(from: now, to: stale)), expires \(Self.span(from: now, to: expires)) (\(ttl))")]
    }

    func clockFindings(_ files: StoredFiles, now: Date) -> [Finding] {
        var findings: [Finding] = []
        if let marks = files.highWaterMarks, Double(marks.time) > now.timeIntervalSince1970 {
            let seen = Date(timeIntervalSince1970: TimeInterval(marks.time))
            findings.append(Finding(
                .clock, .warning,
                "the clock (\(UTCTimestamp.string(from: now))) is \(Self.duration(marks.time - Int64(now.timeIntervalSince1970))) behind the latest time a widget saw (\(UTCTimestamp.string(from: seen))); widgets judge expiry by that time",
                fix: "set the system clock right (NTP: `timedatectl set-ntp true`)"))
        }
        if let header = files.snapshotHeader, Double(header.issuedAt) > now.timeIntervalSince1970 + 60 {
            findings.append(Finding(
                .clock, .warning,
                "the snapshot was issued \(Self.duration(header.issuedAt - Int64(now.timeIntervalSince1970))) after the clock's time: this clock, or the publisher's, is wrong",
                fix: "set the system clock right (NTP: `timedatectl set-ntp true`)"))
        }
        if findings.isEmpty {
            findings.append(Finding(.clock, .ok, "the clock (\(UTCTimestamp.string(from: now))) is not behind anything SecureBridge has seen"))
        }
        return findings
    }

    /// `in 5 min` or `5 min ago`, from `now` to `date`.
    static func span(from now: Date, to date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince(now).rounded(.towardZero))
        if seconds == 0 { return "now" }
        return seconds > 0 ? "in \(duration(seconds))" : "\(duration(-seconds)) ago"
    }

    /// A duration in its two largest units: `40 s`, `5 min`, `2 h 5 min`, `6 d 23 h`.
    static func duration(_ seconds: Int64) -> String {
        let seconds = max(0, seconds)
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<86400:
            let minutes = seconds % 3600 / 60
            return "\(seconds / 3600) h" + (minutes > 0 ? " \(minutes) min" : "")
        default:
            let hours = seconds % 86400 / 3600
            return "\(seconds / 86400) d" + (hours > 0 ? " \(hours) h" : "")
        }
    }
}

public import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(CLinux)
internal import CLinux
#endif
import SecureBridge
import SecureBridgeFollow
import SystemPackage
import Dispatch
import Synchronization

extension WidgetKind: ExpressibleByArgument {}
extension BridgeFamily: ExpressibleByArgument {}

/// What a widget is and where it is shown; shared by `read` and `preview`.
struct WidgetOptions: ParsableArguments {
    static let defaultKind = WidgetKind.balance
    static let defaultFamily = BridgeFamily.systemMedium
    /// The locale without `--locale`, `LC_ALL`, `LC_MESSAGES` or `LANG`.
    static let defaultLocale = "en_US"
    /// The locale without `--locale`: the environment's (`EnvironmentLocale`), else `en_US`.
    static var environmentLocale: String {
        EnvironmentLocale.identifier(variable: environmentVariable) ?? defaultLocale
    }
    static let defaultScheme = "securebridge"

    @Option(help: "The widget kind.")
    var kind = WidgetOptions.defaultKind

    @Option(help: "The widget family (its size; default: systemMedium, for preview: all).")
    var family: BridgeFamily?

    @Option(help: "The account the widget is configured for (default: the main account).")
    var account: String?

    @Option(help: "Render at this RFC 3339 instant (like 2026-11-21T16:00:00Z) instead of now; changes no stored state.")
    var now: String?

    @Flag(help: "Render in a privacy context (device locked): no amounts.")
    var privacy = false

    @Option(help: "Locale for widget text, amounts and dates, e.g. en_US, de_DE or ar_EG (default: from LC_ALL, LC_MESSAGES or LANG, else en_US).")
    var locale: String?

    @Option(help: "Deep-link URL scheme.")
    var scheme = WidgetOptions.defaultScheme

    /// What `--scheme` takes, as `open` says it too.
    static let schemeRule = "--scheme must be a URL scheme of 1–32 characters: a letter, then letters, digits, '+', '-' or '.'."
    /// What `--locale` takes.
    static let localeRule = """
        --locale must be a locale identifier like en_US, de-DE, sr-Latn-RS or zh_Hant_TW: a language of 2 or 3 \
        letters, then optionally a script of 4 letters, a region of 2 letters or 3 digits and variants, joined by '_' or '-'.
        """

    /// A bad value is a usage error (exit 64, with the command's usage), found before anything runs.
    func validate() throws {
        _ = try parseInstant(now)
        _ = try request()
    }

    func request() throws -> WidgetRequest {
        try Self.request(
            kind: kind, family: family, account: account, privacy: privacy, locale: locale ?? Self.environmentLocale,
            scheme: scheme)
    }

    /// The request these option values describe; `QuickRead` builds it the same way.
    /// - Throws: `ValidationError` naming the option whose value the request refuses.
    static func request(
        kind: WidgetKind, family: BridgeFamily?, account: String?, privacy: Bool, locale: String, scheme: String
    ) throws -> WidgetRequest {
        do {
            return try WidgetRequest(
                kind: kind, family: family ?? defaultFamily, configuredAccountID: account, isPrivacyContext: privacy,
                localeIdentifier: locale, deepLinkScheme: scheme)
        } catch TimelineError.invalidLocale {
            throw ValidationError(localeRule)
        } catch TimelineError.invalidDeepLinkScheme {
            throw ValidationError(schemeRule)
        }
    }
}

extension BridgeCtl {
    struct Read: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "read",
            abstract: "Print the timeline a widget would render, with amounts redacted where they must be.",
            discussion: """
                Always prints a renderable timeline and exits 0; problems show as placeholder entries with a reason. \
                With --follow it keeps running and prints a new timeline (JSON: one object per line) whenever the app \
                changes what widgets show or the shown state changes with time; Ctrl-C or SIGTERM stops it (exit 0), \
                and it exits 0 by itself when nobody reads its output any more or the process that started it exits.
                """)

        @OptionGroup var options: GlobalOptions
        @OptionGroup var widget: WidgetOptions

        static let defaultFormat = ReadFormat.text

        @Option(help: "Output format: text, json, or for a status bar: waybar (custom-module JSON) or line (one line: i3blocks, tmux, conky).")
        var format = Read.defaultFormat

        @Flag(help: "Keep printing a new timeline whenever the reload token changes or the next transition arrives.")
        var follow = false

        @Flag(help: "With --follow: look every 2 seconds instead of using inotify (e.g. on a network file system).")
        var poll = false

        @Flag(help: "With --follow: show amounts while the desktop session is locked (by default they are masked, desktop-locked).")
        var ignoreDesktopLock = false

        func validate() throws {
            if follow, widget.now != nil { throw ValidationError("--follow reads at the current time; drop --now.") }
            if poll, !follow { throw ValidationError("--poll only applies with --follow.") }
            if ignoreDesktopLock, !follow { throw ValidationError("--ignore-desktop-lock only applies with --follow.") }
        }

        func run() async throws {
            if follow {
                try await runFollowing()
                return
            }
            try ReadPlan(self).run()
        }

        /// Follows until SIGINT or SIGTERM, or until nobody is left to read it
        /// (`HangUp`: the reader of standard output gone, or the parent exited),
        /// printing each timeline that renders differently from the last as
        /// soon as it is made. Every way to stop exits 0, silently, and each is
        /// set up before the first D-Bus call: setting up the desktop lock's
        /// watch and the keychain's (calls that may wait for their timeout)
        /// runs on a thread of its own, and a stop does not wait for it.
        /// Without a home there is nothing to watch: the placeholder, once, then a wait to be stopped.
        private func runFollowing() async throws {
            let home = try options.bridgeHomeIfKnown
            let request = try widget.request()
            // A reader gone fails the write with EPIPE instead of killing the process.
            signal(SIGPIPE, SIG_IGN)
            if let home { ReadPlan.warnIfMissing(home) }
            // Catch the signals before anything is printed, so a signal right after the first timeline stops us.
            let stop = StopSignals([SIGINT, SIGTERM])
            defer { stop.cancel() }
            let following = FollowingTask()
            stop.whenSignalled { following.cancel() }
            let hangUp = Self.watchForHangUp { following.cancel() }
            defer { hangUp?.cancel() }
            let (format, poll, ignoreDesktopLock) = (self.format, self.poll, self.ignoreDesktopLock)
            let task: Task<Void, any Error>
            if let home {
                task = Task {
                    let desktopLock: DesktopLock? = if ignoreDesktopLock { nil } else { try await offThread { Self.watchDesktopLock() } }
                    let keychain = try await offThread { KeychainWatch(home: home) }
                    let follower = TimelineFollower(reader: WidgetReader(home: home), request: request)
                    let wakeUps = ContainerWatch.wakeUps(for: home, polling: poll)
                    var output = FollowOutput()
                    try await follower.follow(wakingOn: wakeUps, desktopLock: desktopLock, keychain: keychain) { timeline in
                        // Text timelines end in a blank line.
                        try output.print(ReadPlan.render(timeline, as: format))
                    }
                }
            } else {
                task = Task {
                    var output = FollowOutput()
                    try output.print(ReadPlan.render(ReadPlan.homeUnknownTimeline(for: request, now: Date()), as: format))
                    while true { try await Task.sleep(for: .seconds(3600)) }
                }
            }
            following.start(task)
            do {
                try await task.value
            } catch is CancellationError, is HangUp {
                return
            }
        }

        /// Watches standard output for its reader going away and, on Linux,
        /// the parent process for its exit; `stop` runs on the first.
        ///
        /// The parent is watched through a pidfd, not `PR_SET_PDEATHSIG`: that
        /// signal comes when the parent *thread* that started us ends, and a
        /// bar's worker thread (or a Swift parent's idle pool thread) may end
        /// while the bar runs on. The parent is the one read first thing at
        /// start (`BridgeCtl.parentAtStart`), and checked again after the
        /// pidfd is opened: one that exited before it could be watched (this
        /// process then has another parent, its reaper) stops the follower
        /// at once, whatever its output is. A follower whose parent is init
        /// from the start was orphaned before it ran: nobody started it to read it.
        /// - Returns: The watch, or `nil` when it cannot be set up (out of descriptors).
        private static func watchForHangUp(_ stop: @escaping @Sendable () -> Void) -> HangUpWatch? {
            var parent: FileDescriptor?
            #if canImport(CLinux)
            let parentID = BridgeCtl.parentAtStart
            let descriptor = CLinux_openProcess(parentID)
            if descriptor >= 0 { parent = FileDescriptor(rawValue: descriptor) }
            // The parent exited before it could be watched; or before this
            // process even started, which leaves init as the parent it was given.
            if getppid() != parentID || parentID == 1 { stop() }
            #endif
            return try? HangUpWatch(output: .standardOutput, parent: parent) { _ in stop() }
        }

        /// The desktop session's lock, watched; without it, or with nobody to
        /// say when it locks (no logind, no screensaver on the session bus),
        /// one line on standard error says so, and amounts are not masked when it locks.
        /// An owner of the lock's name that does not say whether the session is
        /// locked (no answer in time, an error) masks the amounts, and one line
        /// on standard error names it.
        private static func watchDesktopLock() -> DesktopLock? {
            do {
                let lock = try DesktopLock.watch(environment: environmentVariable) { fault in
                    FileDescriptor.standardError.writeWarning(
                        "Cannot read the desktop's lock: \(fault); amounts stay masked (desktop-locked) until it says the session is unlocked or another program takes its name.")
                }
                if !lock.hadAnOwnerAtStart {
                    FileDescriptor.standardError.writeWarning(
                        "Cannot see the desktop's lock (neither logind nor a screensaver on the session bus answers); amounts stay shown while the session is locked, until a screensaver starts (pass --ignore-desktop-lock to mean that and not be told).")
                }
                return lock
            } catch {
                FileDescriptor.standardError.writeWarning(
                    "Cannot see the desktop's lock (\(error)); amounts stay shown while the session is locked (pass --ignore-desktop-lock to mean that and not be told).")
                return nil
            }
        }
    }

    /// Everything one `read` without `--follow` needs, whichever parser read its arguments.
    struct ReadPlan: Equatable {
        /// The `--now` instant; `nil` reads at the current time.
        var instant: Date?
        /// The places to read; `nil` when neither the options nor the environment name a home.
        var home: BridgeHome?
        var request: WidgetRequest
        var format: ReadFormat

        /// Reads and prints the timeline. A read cannot fail: problems are
        /// placeholder entries, and without a home it is `not-onboarded`
        /// (said once on standard error when the home named is not there at all).
        func run() {
            let now = instant ?? Date()
            let timeline = home.map { WidgetReader(home: $0).timeline(for: request, now: now, whatIf: instant != nil) }
                ?? Self.homeUnknownTimeline(for: request, now: now)
            if let home, timeline.entries.first?.reason == .notOnboarded { Self.warnIfMissing(home) }
            print(Self.render(timeline, as: format))
        }

        /// Says once on standard error that nothing is at `home` (most likely
        /// a mistyped `--home`), as `status` does; a read still renders the
        /// `not-onboarded` placeholder.
        static func warnIfMissing(_ home: BridgeHome) {
            guard !home.exists else { return }
            FileDescriptor.standardError.writeWarning(Status.MissingHome(location: home.location).description)
        }

        /// The `not-onboarded` placeholder shown when no home can be found;
        /// says once on standard error what is missing.
        static func homeUnknownTimeline(for request: WidgetRequest, now: Date) -> BridgeTimeline {
            FileDescriptor.standardError.writeWarning(StorageError(.homeUnknown).description)
            return WidgetTimeline.timeline(for: .refused(.notOnboarded), request: request, now: now)
        }

        static func render(_ timeline: BridgeTimeline, as format: ReadFormat) -> String {
            switch format {
            case .text: TimelineText.render(timeline, timeZone: TimeZone.current)  // TZ, else the system's zone
            case .json: TimelineJSON.render(timeline)
            case .waybar: StatusBarText.waybar(timeline)
            case .line: StatusBarText.line(timeline)
            }
        }
    }

}

extension BridgeCtl.ReadPlan {
    /// The plan of a `read` the argument parser parsed (`--now` checked first, as ever).
    init(_ read: BridgeCtl.Read) throws {
        self.init(
            instant: try parseInstant(read.widget.now), home: try read.options.bridgeHomeIfKnown,
            request: try read.widget.request(), format: read.format)
    }
}

extension FileDescriptor {
    /// Writes `Warning: <sentence>` and a newline, ignoring a failed write: a warning must not stop a read.
    func writeWarning(_ sentence: String) {
        _ = try? writeAll("Warning: \(sentence)\n".utf8)
    }
}

/// The follower's task, cancelled by the first way to stop (a signal, a
/// hang-up), even one that comes before the task is made.
private final class FollowingTask: Sendable {
    private let state = Mutex<(task: Task<Void, any Error>?, cancelled: Bool)>((nil, false))

    /// The task to cancel; cancelled at once when a stop came first.
    func start(_ task: Task<Void, any Error>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}

/// Runs blocking `work` (D-Bus calls up to their timeout) on a thread of its
/// own and returns what it returns; a cancelled task stops waiting at once
/// with `CancellationError`, and the thread ends by itself.
private func offThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws -> Value {
    let waiting = Waiting<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            waiting.begin(continuation)
            DispatchQueue.global().async { waiting.end(.success(work())) }
        }
    } onCancel: {
        waiting.end(.failure(CancellationError()))
    }
}

/// One continuation, resumed once: by the work's result or by a cancellation,
/// whichever comes first, even before the continuation is there.
private final class Waiting<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
        var resumed = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            guard let result = state.result, !state.resumed else {
                state.continuation = continuation
                return nil
            }
            state.resumed = true
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    func end(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard !state.resumed, state.result == nil else { return nil }
            guard let continuation = state.continuation else {
                state.result = result
                return nil
            }
            state.resumed = true
            state.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}

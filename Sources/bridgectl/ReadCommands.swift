import ArgumentParser
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
import SecureBridge
import SecureBridgeFollow
import SystemPackage

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
                changes what widgets show or the shown state changes with time; Ctrl-C or SIGTERM stops it (exit 0).
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

        /// Follows until SIGINT or SIGTERM, writing each timeline as soon as it is made.
        /// Without a home there is nothing to watch: the placeholder, once, then a wait for the signal.
        private func runFollowing() async throws {
            guard let home = try options.bridgeHomeIfKnown else {
                let stop = StopSignals([SIGINT, SIGTERM])
                defer { stop.cancel() }
                let timeline = ReadPlan.homeUnknownTimeline(for: try widget.request(), now: Date())
                _ = try FileDescriptor.standardOutput.writeAll((ReadPlan.render(timeline, as: format) + "\n").utf8)
                await withCheckedContinuation { stopped in stop.whenSignalled { stopped.resume() } }
                return
            }
            ReadPlan.warnIfMissing(home)
            let follower = TimelineFollower(reader: WidgetReader(home: home), request: try widget.request())
            // Catch the signals before anything is printed, so a signal right after the first timeline stops us.
            let stop = StopSignals([SIGINT, SIGTERM])
            defer { stop.cancel() }
            let wakeUps = ContainerWatch.wakeUps(for: home, polling: poll)
            let desktopLock = ignoreDesktopLock ? nil : Self.watchDesktopLock()
            let format = self.format
            let task = Task {
                try await follower.follow(wakingOn: wakeUps, desktopLock: desktopLock) { timeline in
                    // Unbuffered, so a pipe sees each timeline at once, and a failed write ends the loop;
                    // text timelines end in a blank line.
                    _ = try FileDescriptor.standardOutput.writeAll((ReadPlan.render(timeline, as: format) + "\n").utf8)
                }
            }
            stop.whenSignalled { task.cancel() }
            try await task.value
        }

        /// The desktop session's lock, watched; without it, one line on
        /// standard error says so, and amounts are not masked when it locks.
        private static func watchDesktopLock() -> DesktopLock? {
            do {
                return try DesktopLock.watch(environment: environmentVariable)
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
            FileDescriptor.standardError.writeWarning(StorageError.homeUnknown.description)
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

    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Resolve a widget deep link as the app would, rejecting anything malformed.")

        @Argument(help: "The URL, e.g. securebridge://account/acc-main.")
        var url: String

        @Option(help: "The app's URL scheme.")
        var scheme = "securebridge"

        func validate() throws {
            guard DeepLink.isValidScheme(scheme) else { throw ValidationError(WidgetOptions.schemeRule) }
        }

        func run() throws {
            switch try DeepLink(parsing: url, scheme: scheme) {
            case .login: print("Open the login screen.")
            case let .account(id): print("Open account \(id).")
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

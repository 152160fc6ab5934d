import SecureBridge

/// `bridgectl read` and `bridgectl publish` without the argument parser: the
/// widget's refresh path and the periodic publisher's.
///
/// Each widget refresh is a whole `bridgectl read` process, each refresh of
/// the data a whole `bridgectl publish`, and swift-argument-parser spends
/// about half of such a process building its command tree by reflection. The
/// quick parsers read the plain forms of those commands' options themselves
/// (the same names, `--name value` or `--name=value`, each at most once) and
/// hand back the same plan the argument parser would make. Anything else
/// (`--help`, `--version`, `--follow`, an unknown, repeated or misspelt option, a value
/// they cannot take, durations out of order) gives `nil`, and the argument parser takes over, so
/// every message still comes from one place. Tests hold both parsers to the
/// same plans and the same option names.
enum QuickRead {
    // The two tables below are read's option names as the argument parser (the
    // general path) declares them in `BridgeCtl.Read` and its option groups.
    // Regenerate: `swift run bridgectl read --help` lists them (all but
    // `--help`, `--version`, `--follow`, `--poll` and `--ignore-desktop-lock`, which stay with the argument parser);
    // `QuickCommandTests.quickReadKnowsEveryOptionOfRead` fails when they differ
    // from that help, and `whateverQuickReadTakesTheArgumentParserTakesAlike`
    // compares the two parsers' plans over seeded random argument lists (40, or 600 in CI's sweeps).

    /// The options that take a value.
    static let valueOptions = [
        "--home", "--app-dir", "--keychain-dir", "--container-dir",
        "--kind", "--family", "--account", "--now", "--locale", "--scheme", "--format",
    ]
    /// The flags, which take none.
    static let flags = ["--verbose", "--privacy"]

    /// The plan for `arguments` (without the program name), or `nil` when
    /// they are not a plain `read` this parser takes.
    static func plan(for arguments: [String]) -> BridgeCtl.ReadPlan? {
        guard arguments.first == "read",
              let given = PlainArguments(arguments.dropFirst(), valueOptions: valueOptions, flags: flags),
              given.positional.isEmpty,
              let kind = value(given["--kind"], or: WidgetOptions.defaultKind),
              let family = value(given["--family"], or: WidgetOptions.defaultFamily),
              let format = value(given["--format"], or: BridgeCtl.Read.defaultFormat)
        else { return nil }
        return try? BridgeCtl.ReadPlan(
            instant: parseInstant(given["--now"]),
            home: GlobalOptions.bridgeHomeIfKnown(
                home: given["--home"], app: given["--app-dir"], keychain: given["--keychain-dir"],
                container: given["--container-dir"]),
            request: WidgetOptions.request(
                kind: kind, family: family, account: given["--account"], privacy: given["--privacy"] != nil,
                locale: given["--locale"] ?? WidgetOptions.environmentLocale,
                scheme: given["--scheme"] ?? WidgetOptions.defaultScheme),
            format: format)
    }

    /// `text` as a `Value`: `fallback` when there is no text, `nil` when it names no value.
    private static func value<Value: RawRepresentable<String>>(_ text: String?, or fallback: Value) -> Value? {
        guard let text else { return fallback }
        return Value(rawValue: text)
    }
}

enum QuickPublish {
    // Publish's option names as `BridgeCtl.Publish` and `GlobalOptions`
    // declare them; `QuickCommandTests.quickPublishKnowsEveryOptionOfPublish`
    // fails when they differ from `bridgectl publish --help`.

    /// The options that take a value.
    static let valueOptions = ["--home", "--app-dir", "--keychain-dir", "--container-dir", "--ttl", "--stale-after"]
    /// The flags, which take none.
    static let flags = ["--verbose"]
    /// Publishing from a journal, which this parser leaves to the argument parser.
    static let journalOptions = ["--from", "--accounts", "--main", "--period", "--depth", "--commodity", "--value", "--name", "--watch"]

    /// The plan for `arguments` (without the program name), or `nil` when
    /// they are not a plain `publish` this parser takes.
    static func plan(for arguments: [String]) -> BridgeCtl.PublishPlan? {
        guard arguments.first == "publish",
              let given = PlainArguments(arguments.dropFirst(), valueOptions: valueOptions, flags: flags),
              given.positional.count <= 1
        else { return nil }
        let plan = BridgeCtl.PublishPlan(
            home: given["--home"], appDirectory: given["--app-dir"], keychainDirectory: given["--keychain-dir"],
            containerDirectory: given["--container-dir"], file: given.positional.first ?? BridgeCtl.Publish.defaultFile,
            ttl: given["--ttl"] ?? BridgeCtl.Publish.defaultTTL,
            staleAfter: given["--stale-after"] ?? BridgeCtl.Publish.defaultStaleAfter)
        // Durations it cannot take are the argument parser's to report, with publish's usage.
        guard (try? plan.durations()) != nil else { return nil }
        return plan
    }
}

/// The options of a plain command line, in order, each with its value (a
/// flag's is empty), and its positional arguments.
///
/// A list, not a dictionary: a dozen options at most, and a dictionary's
/// first use costs a short process more than all the look-ups together.
struct PlainArguments {
    private var options: [(name: String, value: String)] = []
    /// The arguments that are not options: words that do not start with a dash, and `-` alone.
    private(set) var positional: [String] = []

    /// Reads `arguments`; `nil` at the first one left to the argument parser:
    /// an unknown or repeated option, a flag given a value, an option without
    /// one, `--name=` or a value that starts with a dash (the argument parser
    /// takes neither), and `--`.
    init?(_ arguments: ArraySlice<String>, valueOptions: [String], flags: [String]) {
        var rest = arguments
        while let argument = rest.popFirst() {
            if argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard self[name] == nil else { return nil }
            if flags.contains(name), parts.count == 1 {
                options.append((name, ""))
                continue
            }
            guard valueOptions.contains(name), let value = parts.count == 2 ? String(parts[1]) : rest.popFirst(),
                  !value.hasPrefix("-"), !(parts.count == 2 && value.isEmpty)
            else { return nil }
            options.append((name, value))
        }
    }

    /// The value given for `name`, or `nil` when it was not given.
    subscript(name: String) -> String? {
        options.first { $0.name == name }?.value
    }
}

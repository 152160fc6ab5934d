import SecureBridge

/// `bridgectl read` without the argument parser: the widget's refresh path.
///
/// Every widget refresh is a whole `bridgectl read` process, and
/// swift-argument-parser spends about half of such a process building its
/// command tree by reflection. `QuickRead` reads the plain forms of read's
/// options itself (the same names, `--name value` or `--name=value`, each at
/// most once) and hands back the same `ReadPlan` the argument parser would
/// make. Anything else (`--help`, `--follow`, an unknown, repeated or
/// misspelt option, a value it cannot take) gives `nil`, and the argument
/// parser takes over, so every message still comes from one place. A test
/// holds the two parsers to the same plans and the same option names.
enum QuickRead {
    // The two tables below are read's option names as the argument parser (the
    // general path) declares them in `BridgeCtl.Read` and its option groups.
    // Regenerate: `swift run bridgectl read --help` lists them (all but
    // `--help`, `--follow` and `--poll`, which stay with the argument parser);
    // `QuickReadTests.quickReadKnowsEveryOptionOfRead` fails when they differ
    // from that help, and `whateverQuickReadTakesTheArgumentParserTakesAlike`
    // compares the two parsers' plans over 2,000 seeded random argument lists.

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
        guard arguments.first == "read", let given = options(in: arguments.dropFirst()),
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
                locale: given["--locale"] ?? WidgetOptions.defaultLocale,
                scheme: given["--scheme"] ?? WidgetOptions.defaultScheme),
            format: format)
    }

    /// `text` as a `Value`: `fallback` when there is no text, `nil` when it names no value.
    private static func value<Value: RawRepresentable<String>>(_ text: String?, or fallback: Value) -> Value? {
        guard let text else { return fallback }
        return Value(rawValue: text)
    }

    /// The options given, in order, each with its value (a flag's is empty).
    /// A list, not a dictionary: a dozen options at most, and a dictionary's
    /// first use costs a widget refresh more than all the look-ups together.
    private struct GivenOptions {
        private var options: [(name: String, value: String)] = []

        subscript(name: String) -> String? {
            options.first { $0.name == name }?.value
        }

        mutating func add(_ name: String, _ value: String) {
            options.append((name, value))
        }
    }

    /// Each option's value, or `nil` at the first argument this parser leaves
    /// to the argument parser.
    private static func options(in arguments: ArraySlice<String>) -> GivenOptions? {
        var given = GivenOptions()
        var rest = arguments
        while let argument = rest.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard given[name] == nil else { return nil }
            if flags.contains(name), parts.count == 1 {
                given.add(name, "")
                continue
            }
            // The argument parser refuses `--name=` and takes no value that starts with a dash.
            guard valueOptions.contains(name), let value = parts.count == 2 ? String(parts[1]) : rest.popFirst(),
                  !value.hasPrefix("-"), !(parts.count == 2 && value.isEmpty)
            else { return nil }
            given.add(name, value)
        }
        return given
    }
}

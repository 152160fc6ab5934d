import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// A temporary directory holding one SecureBridge home (`ROOT/home`) and the
/// test's input files (`ROOT/inputs`), removed by `remove()`.
///
/// Every command runs with `--home ROOT/home`, so tests that each have their
/// own `EndToEndHome` can run in parallel.
struct EndToEndHome: Sendable {
    let root: URL

    /// The `--home` directory (created by the first `login`).
    var home: String { root.appendingPathComponent("home").path }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("securebridge-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("inputs"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs `body` with a fresh home and removes it afterwards.
    static func with<Result>(_ body: (EndToEndHome) async throws -> Result) async throws -> Result {
        let home = try EndToEndHome()
        defer { home.remove() }
        return try await body(home)
    }

    /// `relative` inside the home, e.g. `keychain/keyset`.
    func path(_ relative: String) -> String {
        home + "/" + relative
    }

    // MARK: Commands

    /// Runs `bridgectl ARGUMENTS --home HOME`.
    func bridgectl(_ arguments: [String], standardInput: String = "") async throws -> Bridgectl.Output {
        try await Bridgectl.run(arguments + ["--home", home], input: Array(standardInput.utf8))
    }

    /// Runs `bridgectl ARGUMENTS --home HOME`.
    func bridgectl(_ arguments: String..., standardInput: String = "") async throws -> Bridgectl.Output {
        try await bridgectl(arguments, standardInput: standardInput)
    }

    /// Logs in with the passcode on standard input; the test stops if that fails.
    @discardableResult
    func login(
        user: String = "alice", passcode: String = EndToEndHome.passcode, sessionTTL: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Bridgectl.Output {
        var arguments = ["login", "--user", user, "--passcode-stdin"]
        if let sessionTTL { arguments += ["--session-ttl", sessionTTL] }
        let result = try await bridgectl(arguments, standardInput: passcode + "\n")
        try #require(result.succeeded, "login failed: \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Publishes `file`; the test stops if that fails.
    @discardableResult
    func publish(
        _ file: String, options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Bridgectl.Output {
        let result = try await bridgectl(["publish", file] + options)
        try #require(result.succeeded, "publish failed: \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `read --format json OPTIONS`, checks the exit status and the JSON
    /// contract, and checks that no masked or placeholder entry shows an amount.
    func read(_ options: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> WidgetOutput {
        try await read(options, sourceLocation: sourceLocation)
    }

    /// See `read(_:sourceLocation:)`.
    func read(_ options: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> WidgetOutput {
        let result = try await bridgectl(["read", "--format", "json"] + options)
        try #require(result.succeeded, "read must always exit 0: \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "read printed on stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let output = try WidgetOutput(parsing: result.stdout)
        expectNoBalanceLeak(output, sourceLocation: sourceLocation)
        return output
    }

    /// `status --format json`, parsed.
    func status(sourceLocation: SourceLocation = #_sourceLocation) async throws -> StatusOutput {
        let result = try await bridgectl("status", "--format", "json")
        try #require(result.succeeded, "status failed: \(result)", sourceLocation: sourceLocation)
        return try StatusOutput(parsing: result.stdout)
    }

    // MARK: Files

    /// Writes `text` as an input file outside the home and returns its path.
    func input(named name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent("inputs").appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// One file's bytes and permission bits.
    struct FileState: Equatable {
        let bytes: Data
        let mode: Int
    }

    /// Every regular file under the home, by path relative to it.
    func files() throws -> [String: FileState] {
        var states: [String: FileState] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: home) else { return [:] }
        while let relative = walker.nextObject() as? String {
            let full = path(relative)
            let attributes = try manager.attributesOfItem(atPath: full)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            states[relative] = FileState(bytes: try Data(contentsOf: URL(fileURLWithPath: full)), mode: mode)
        }
        return states
    }

    /// The bytes of a file under the home (`nil` when it does not exist).
    func contents(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: path(relative))
    }

    /// The passcode every test uses; it only ever travels through standard input.
    static let passcode = "2468"
}

/// The example inputs shipped with the package.
enum Examples {
    static var accounts: String { Bridgectl.packageRoot.appendingPathComponent("examples/accounts.json").path }
    static var spending: String { Bridgectl.packageRoot.appendingPathComponent("examples/spending.json").path }
}

/// ISO 8601 instants as `read --now` takes them and the JSON prints them.
enum Instant {
    static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func date(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Date {
        try #require(try? Date(text, strategy: .iso8601), "not an ISO 8601 instant: \(text)", sourceLocation: sourceLocation)
    }
}

/// `status --format json`: the fields the tests use.
struct StatusOutput {
    let object: [String: Any]

    init(parsing text: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        object = try #require(value as? [String: Any], "status --format json is not an object: \(text)")
    }

    var state: String? { object["state"] as? String }
    var epoch: Int? { (object["epoch"] as? NSNumber)?.intValue }
    var sessionExpiresAt: String? { object["sessionExpiresAt"] as? String }
    var snapshot: [String: Any]? { object["snapshot"] as? [String: Any] }
    var snapshotSequence: Int? { (snapshot?["sequence"] as? NSNumber)?.intValue }
    var snapshotEpoch: Int? { (snapshot?["epoch"] as? NSNumber)?.intValue }
    var dataKeyID: String? { snapshot?["dataKeyId"] as? String }
    var issuedAt: String? { snapshot?["issuedAt"] as? String }
    var staleAt: String? { snapshot?["staleAt"] as? String }
    var expiresAt: String? { snapshot?["expiresAt"] as? String }
}

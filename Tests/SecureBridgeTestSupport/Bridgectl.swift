import Foundation

/// The built `bridgectl`, run as a child process the way a user runs it.
///
/// Every child starts in a new session, so it has no controlling terminal and
/// can never prompt; `$BRIDGE_HOME` points nowhere, so a test that forgets
/// `--home` fails instead of touching real data. See `Bridgectl.Child` for
/// how its input and output travel.
enum Bridgectl {
    /// Runs `bridgectl arguments…` to completion.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - input: Bytes written to its standard input, which is then closed.
    /// - Returns: What it printed and how it ended.
    /// - Throws: `Bridgectl.Failure` when the binary is missing or cannot start.
    static func run(_ arguments: [String], input: [UInt8] = []) async throws -> Output {
        try await slots.holding { try await start(arguments).finish(input: input) }
    }

    /// Runs `bridgectl arguments…` to completion on the calling thread: for
    /// a thread of a test's own (`ReaderLoop`), never for a task of the pool.
    static func runBlocking(_ arguments: [String], input: [UInt8] = []) throws -> Output {
        try start(arguments).finishBlocking(input: input)
    }

    /// Runs `bridgectl arguments…` to completion with standard input read from `file` (for example `/dev/zero`).
    static func run(_ arguments: [String], inputFile file: String) async throws -> Output {
        try await slots.holding { try await start(arguments, inputFile: file).finish() }
    }

    /// Starts `bridgectl arguments…` and returns at once, for a test that
    /// reads its output as it comes, signals it, or runs several at a time.
    /// - Parameters:
    ///   - inputFile: Standard input from this file instead of from `finish(input:)`.
    ///   - unsetting: Variables removed from its environment, `BRIDGE_HOME` included if named.
    ///   - setting: Variables set in its environment (without them: no locale variable, and `TZ=UTC`).
    ///   - launcher: A command that runs it, such as `["/usr/bin/prlimit", "--nofile=16", "--"]`.
    static func start(
        _ arguments: [String], inputFile: String? = nil, unsetting: [String] = [], setting: [String: String] = [:],
        launcher: [String] = []
    ) throws -> Child {
        try Child(
            executable: binary.get(), arguments: arguments, inputFile: inputFile, unsetting: unsetting,
            setting: setting, launcher: launcher)
    }

    /// Runs `bridgectl arguments…` to completion with `setting` in its environment.
    static func run(_ arguments: [String], setting: [String: String]) async throws -> Output {
        try await slots.holding { try await start(arguments, setting: setting).finish() }
    }

    /// Runs `bridgectl arguments…` to completion without the variables in `unsetting`, started through `launcher`.
    static func run(_ arguments: [String], unsetting: [String], launcher: [String] = []) async throws -> Output {
        try await slots.holding { try await start(arguments, unsetting: unsetting, launcher: launcher).finish() }
    }

    /// The children that `run` may have running at once, all tests together:
    /// with the waits off the pool, every test that runs `bridgectl` would
    /// otherwise start its child at the same instant. `start` takes no slot
    /// (a test may hold a follower while it runs other commands).
    static let slots = ChildSlots(count: 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// What a finished `bridgectl` left.
    struct Output: Sendable, CustomStringConvertible {
        let arguments: [String]
        /// The exit status, or `nil` when a signal ended it.
        let status: Int32?
        /// The signal that ended it, if one did.
        let signal: Int32?
        /// Standard output, less the lines `Child.readLine()` already returned.
        let stdout: String
        let stderr: String

        var succeeded: Bool { status == 0 }

        /// The lines of standard error, without empty ones.
        var stderrLines: [Substring] { stderr.split(separator: "\n") }

        /// Standard output parsed as one JSON object, or `nil`.
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }

        var description: String {
            let ending = signal.map { "killed by signal \($0)" } ?? "exit \(status ?? -1)"
            return "bridgectl \(arguments.joined(separator: " ")) → \(ending)\nstdout: \(stdout)\nstderr: \(stderr)"
        }
    }

    /// Why `bridgectl` could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `$BRIDGE_HOME` of every child: a home that cannot exist, not even for root.
    static let decoyHome = "/dev/null/securebridge-tests-must-pass-home"

    /// The package root: the nearest directory above this file with a `Package.swift`.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.path + "/Package.swift") {
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    /// The executable, found once per test process: `$BRIDGECTL_BINARY` when
    /// set; else `bridgectl` beside the test runner (the build products
    /// `swift test` uses) or in the package's `.build/debug`.
    ///
    /// It is not built on demand: `swift test` holds the build directory's
    /// lock while tests run, so a `swift build` started from a test waits for ever.
    static let binary: Result<String, Failure> = {
        if let override = ProcessInfo.processInfo.environment["BRIDGECTL_BINARY"], !override.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: override) else {
                return .failure(Failure(description: "BRIDGECTL_BINARY is \(override), which is not an executable file."))
            }
            return .success(override)
        }
        var candidates = [packageRoot.path + "/.build/debug/bridgectl"]
        if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.insert(URL(fileURLWithPath: runner).deletingLastPathComponent().path + "/bridgectl", at: 0)
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(Failure(description: """
                bridgectl is not built (looked at \(candidates.joined(separator: ", "))); \
                build it with `swift build`, or set BRIDGECTL_BINARY to its path.
                """))
        }
        return .success(found)
    }()
}

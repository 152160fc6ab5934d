import Foundation
import Testing

/// What one run of the built `bridgectl` produced.
struct CommandOutput: Sendable, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: String
    let stderr: String

    var succeeded: Bool { status == 0 }

    /// The lines of standard error, without empty ones.
    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: true) }

    var description: String {
        "bridgectl \(arguments.joined(separator: " ")) → exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)"
    }
}

/// Runs the built `bridgectl` executable as a real process.
///
/// The binary is looked for next to the test bundle first (the build products
/// directory `swift test` uses), then in `.build/debug` of the package. If it
/// is missing, `swift build --product bridgectl` runs once; if it is still
/// missing, every end-to-end test fails with a message saying so.
/// `$BRIDGECTL_BINARY`, when set, names the executable instead.
enum BridgeCtlRunner {
    /// Why the binary could not be found.
    struct BinaryMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// The package root: the nearest directory above this file with a `Package.swift`.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        // Tests/SecureBridgeTests/EndToEnd/<file> → the root is three levels up.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// Where a built `bridgectl` may be, best first.
    static var candidates: [URL] {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            // The test runner (`…/debug/SecureBridgePackageTests.xctest` on Linux) sits in the build products.
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            // On Darwin the test bundle is a directory inside the build products.
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        return directories.map { $0.appendingPathComponent("bridgectl") }
    }

    /// The executable, found (or built) once per test process.
    static let binary: Result<URL, BinaryMissing> = {
        if let override = ProcessInfo.processInfo.environment["BRIDGECTL_BINARY"], !override.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: override) else {
                return .failure(BinaryMissing(description: "BRIDGECTL_BINARY is \(override), which is not an executable file."))
            }
            return .success(URL(fileURLWithPath: override))
        }
        if let found = firstExecutable() { return .success(found) }
        let build = buildOnce()
        if let found = firstExecutable() { return .success(found) }
        return .failure(BinaryMissing(description: """
            The bridgectl executable was not found (looked at \(candidates.map(\.path).joined(separator: ", "))) \
            and `swift build --product bridgectl` in \(packageRoot.path) did not produce it: \(build). \
            Build it with `swift build`, or set BRIDGECTL_BINARY to its path.
            """))
    }()

    private static func firstExecutable() -> URL? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static func buildOnce() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", "bridgectl"]
        process.currentDirectoryURL = packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return "it exited with status \(process.terminationStatus)"
        } catch {
            return "it could not start (\(error))"
        }
    }

    /// A home no test means to use: set as `$BRIDGE_HOME` so that a test that
    /// forgot `--home` fails instead of touching the user's real data.
    static let decoyHome = "/nonexistent/securebridge-end-to-end-tests-must-pass-home"

    /// Runs `bridgectl` with `arguments`, feeding `standardInput` (if any) on
    /// its standard input, and returns what it printed and its exit status.
    ///
    /// Both pipes are drained before waiting for the exit, so a chatty child
    /// cannot block on a full pipe.
    static func run(_ arguments: [String], standardInput: String? = nil) throws -> CommandOutput {
        let executable = try binary.get()
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BRIDGE_HOME"] = decoyHome
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        if let standardInput {
            // A child that exits early closes its end: the write then fails (EPIPE), which is fine.
            try? input.fileHandleForWriting.write(contentsOf: Data(standardInput.utf8))
        }
        try? input.fileHandleForWriting.close()

        let errorDrain = PipeDrain(errors.fileHandleForReading)
        let outBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = errorDrain.wait()
        process.waitUntilExit()
        return CommandOutput(
            arguments: arguments, status: process.terminationStatus,
            stdout: String(decoding: outBytes, as: UTF8.self), stderr: String(decoding: errorBytes, as: UTF8.self))
    }

    /// Writing to a child that has exited must be an error, not a signal that kills the test runner.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}

/// Reads a pipe to its end on another thread.
///
/// `@unchecked Sendable`: `bytes` is written once by the reading thread before
/// `done` is signalled, and read only after `wait()` has seen that signal.
private final class PipeDrain: @unchecked Sendable {
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            bytes = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    func wait() -> Data {
        done.wait()
        return bytes
    }
}

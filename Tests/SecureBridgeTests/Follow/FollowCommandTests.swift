import Foundation
import Testing
@testable import SecureBridge

#if canImport(Glibc)
import Glibc
#endif

/// `bridgectl read --follow` as a user runs it: the built binary in a child process.
@Suite struct FollowCommandTests {
    @Test(.timeLimit(.minutes(1))) func followPrintsALinePerChangeAndExitsZeroOnSIGTERM() throws {
        let fixture = try BridgeFixture()
        let now = Date()
        try fixture.app.login(user: "alice", passcode: fixture.passcode, sessionSeconds: 7 * 86400, now: now)
        try fixture.app.publish(BridgeFixture.accounts, ttlSeconds: 86400, staleAfterSeconds: 3600, now: now)

        let child = try Bridgectl.start(["read", "--follow", "--format", "json", "--home", fixture.root])
        let first = try #require(child.readLine(), "the first timeline")
        #expect(first.contains(#""id":"acc-usd""#))

        try fixture.app.publish(BridgeFixture.otherAccounts, ttlSeconds: 86400, staleAfterSeconds: 3600, now: Date())
        let second = try #require(child.readLine(), "a second timeline after the publish")
        #expect(second.hasPrefix(#"{"kind":"balance""#))
        #expect(!second.contains(#""id":"acc-usd""#))
        #expect(try JSONSerialization.jsonObject(with: Data(second.utf8)) is [String: Any])

        child.process.terminate()  // SIGTERM
        let rest = child.readToEnd()
        child.process.waitUntilExit()
        #expect(child.process.terminationReason == .exit)
        #expect(child.process.terminationStatus == 0)
        #expect(rest.isEmpty, "nothing after the signal: \(rest)")
    }
}

/// The `bridgectl` built beside this test runner.
final class Bridgectl {
    let process: Process
    private let output: FileHandle
    private var buffer = Data()

    static var url: URL {
        get throws {
            let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let url = URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("bridgectl")
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            return url
        }
    }

    /// Starts `bridgectl arguments…` with no standard input and standard error discarded.
    static func start(_ arguments: [String]) throws -> Bridgectl {
        let process = Process()
        process.executableURL = try url
        process.arguments = arguments
        let stdout = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Bridgectl(process: process, output: stdout.fileHandleForReading)
    }

    private init(process: Process, output: FileHandle) {
        self.process = process
        self.output = output
    }

    /// The next line of standard output, or `nil` at its end or after 30 s of silence.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 30_000) > 0 else { return nil }
            let chunk = output.availableData
            guard !chunk.isEmpty else { return nil }
            buffer.append(chunk)
        }
    }

    /// Everything left on standard output.
    func readToEnd() -> String {
        String(decoding: buffer + output.readDataToEndOfFile(), as: UTF8.self)
    }
}

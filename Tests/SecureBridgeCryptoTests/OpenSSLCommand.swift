import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Runs the system `openssl` command, to check that the keys we write are
/// the ones OpenSSL reads and the other way round.
enum OpenSSLCommand {
    static let path = "/usr/bin/openssl"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `openssl arguments…` with no standard input (inputs go through
    /// files, so the child can never leave us writing to a closed pipe).
    /// - Returns: The exit status and standard output.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await OwnThread.run { Result { try runBlocking(arguments) } }.get()
    }

    /// `run(_:)` on the calling thread.
    private static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read the pipes before waiting, so a chatty child cannot block on a full pipe.
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        _ = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The hex digits of the `pub:` block of `openssl pkey -text` output,
    /// without colons or spaces; nil when there is none.
    static func publicKeyHex(inText text: String) -> String? {
        var digits = ""
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "pub:" {
                inBlock = true
            } else if inBlock {
                guard line.first == " " else { break }
                digits += line.filter { $0.isHexDigit }
            }
        }
        return digits.isEmpty ? nil : digits.lowercased()
    }

    /// Writes `contents` to a new file only the owner can read, runs `body`
    /// with its path, and deletes the file afterwards.
    static func withTemporaryFile<R>(_ contents: [UInt8], _ body: (String) async throws -> R) async throws -> R {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("securebridge-test-\(UUID().uuidString).pem").path
        guard FileManager.default.createFile(atPath: path, contents: Data(contents), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }
}

import Foundation
@testable import SecureBridgeTestSupport

/// `bridgectl` under `strace`: traced once to learn the system calls it
/// makes, then run again with one of them failing or killing it
/// (`strace -e inject=CALL:error=ERRNO:when=N`, `…:signal=SIGKILL:when=N`).
///
/// strace counts `when=N` per thread, so a call is named by its ordinal among
/// the calls of the same name on the same thread.
enum FaultInjection {
    static let strace = "/usr/bin/strace"

    /// Whether strace is installed (`.ci/run` installs it).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: strace) }

    /// The calls traced by default: every one that changes a file or a directory.
    static let changingCalls = [
        "write", "fsync", "fdatasync", "rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat",
    ]

    /// One system call as strace printed it.
    struct Call: CustomStringConvertible {
        let name: String
        /// Its ordinal among the calls of `name` on its thread, from 1.
        let ordinal: Int
        /// The line strace printed (arguments truncated by strace).
        let line: String

        var description: String { "\(name) #\(ordinal): \(line)" }
    }

    /// What an injection does to the call.
    enum Fault: CustomStringConvertible {
        /// The call fails with this errno name, like `ENOSPC` or `EIO`.
        case error(String)
        /// The process is killed with SIGKILL as it makes the call.
        case kill

        var description: String {
            switch self {
            case let .error(name): name
            case .kill: "SIGKILL"
            }
        }
    }

    /// Runs `bridgectl arguments…` once under strace and returns the calls of `calls` it made, in order.
    static func trace(_ arguments: [String], input: [UInt8] = [], calls: [String] = changingCalls) async throws -> [Call] {
        let log = FileManager.default.temporaryDirectory.path + "/securebridge-strace-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let output = try await Bridgectl.start(
            arguments, launcher: [strace, "-f", "-qq", "-o", log, "-e", "trace=" + calls.joined(separator: ",")]
        ).finish(input: input)
        guard output.signal == nil else { throw Bridgectl.Failure(description: "traced run died: \(output)") }
        var counts: [String: Int] = [:]
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            // "PID name(arguments) = result", the PID padded with spaces to five places
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            let text = fields[1].drop { $0 == " " }
            guard let open = text.firstIndex(of: "(") else { return nil }
            let name = String(text[..<open])
            guard calls.contains(name) else { return nil }
            let key = "\(fields[0]) \(name)"
            counts[key, default: 0] += 1
            return Call(name: name, ordinal: counts[key]!, line: String(text))
        }
    }

    /// Runs `bridgectl arguments…` with `fault` injected at `call`.
    static func run(_ arguments: [String], input: [UInt8] = [], injecting fault: Fault, at call: Call) async throws -> Bridgectl.Output {
        let action = switch fault {
        case let .error(name): "error=\(name)"
        case .kill: "signal=SIGKILL"
        }
        return try await Bridgectl.start(
            arguments,
            launcher: [
                strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call.name)",
                "-e", "inject=\(call.name):\(action):when=\(call.ordinal)",
            ]
        ).finish(input: input)
    }
}

extension Array where Element == FaultInjection.Call {
    /// The first call whose line contains every one of `fragments`, after the call at `index` if given.
    func first(_ fragments: String..., after index: Int? = nil) -> (index: Int, call: FaultInjection.Call)? {
        let start = index.map { $0 + 1 } ?? 0
        guard start < count else { return nil }
        return self[start...].enumerated().first { _, call in fragments.allSatisfy(call.line.contains) }
            .map { (start + $0.offset, $0.element) }
    }
}

import Foundation
import Glibc

/// The real `bridgectl` binary, run as a child process.
///
/// Children are spawned in a new session (so they have no controlling
/// terminal and can never prompt), with standard input from a socket the
/// test writes to (`MSG_NOSIGNAL`: a child that exits early cannot raise
/// `SIGPIPE` here) or from a file. Standard output and error are drained
/// together with `poll` before the child is waited for.
enum BridgectlBinary {
    /// Where the binary is: beside the test bundle (`.build/<triple>/debug`),
    /// else `.build/debug/bridgectl` under the package root found from this file.
    static let path: String? = {
        var candidates: [String] = []
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("bridgectl").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/bridgectl").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The binary's path, or a clear failure when it has not been built.
    static func executable() throws -> String {
        guard let path else { throw ChildProcess.Failure.missingBinary }
        return path
    }

    /// Runs `bridgectl` with `arguments` to completion.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - input: Bytes written to its standard input, which is then closed.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> ChildProcess.Output {
        try ChildProcess(executable(), arguments).finish(input: input)
    }

    /// Runs `bridgectl` with standard input read from `file` (for example `/dev/zero`).
    static func run(_ arguments: [String], inputFile file: String) throws -> ChildProcess.Output {
        try ChildProcess(executable(), arguments, inputFile: file).finish()
    }

    /// `read --home ROOT --format json --now NOW` and any extra arguments.
    static func readJSON(home root: String, now: String, _ extra: [String] = []) throws -> ChildProcess.Output {
        try run(["read", "--home", root, "--format", "json", "--now", now] + extra)
    }
}

/// A spawned child process whose output is captured.
final class ChildProcess {
    /// What a finished child left.
    struct Output: CustomStringConvertible {
        /// The exit status, or `nil` when a signal ended it.
        let status: Int32?
        /// The signal that ended it, if one did.
        let signal: Int32?
        let stdout: [UInt8]
        let stderr: [UInt8]

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        /// Standard output parsed as one JSON object, or `nil`.
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout))) as? [String: Any]
        }

        var description: String {
            "exit \(status.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-"), stderr: \(stderrText)"
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case missingBinary
        case system(String, Int32)

        var description: String {
            switch self {
            case .missingBinary: "bridgectl is not built; run `swift build` first."
            case let .system(call, code): "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var error: Int32
    private var reaped: Output?

    /// Spawns `executable` with `arguments`.
    /// - Parameter inputFile: Standard input from this file instead of from the test.
    init(_ executable: String, _ arguments: [String], inputFile: String? = nil) throws {
        var stdinPair: [Int32] = [-1, -1]
        var stdoutPair: [Int32] = [-1, -1]
        var stderrPair: [Int32] = [-1, -1]
        if let inputFile {
            stdinPair[0] = open(inputFile, O_RDONLY | O_CLOEXEC)
            guard stdinPair[0] >= 0 else { throw Failure.system("open \(inputFile)", errno) }
        } else {
            try Self.makeSocketPair(&stdinPair)
        }
        // Sockets rather than pipes: created close-on-exec atomically, so a
        // child spawned meanwhile by a parallel test inherits none of them.
        try Self.makeSocketPair(&stdoutPair)
        try Self.makeSocketPair(&stderrPair)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPair[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPair[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPair[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Self.spawnSetSID)

        var environment = ProcessInfo.processInfo.environment
        environment["BRIDGE_HOME"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(stdinPair[0])
        close(stdoutPair[1])
        close(stderrPair[1])
        guard result == 0 else {
            [stdinPair[1], stdoutPair[0], stderrPair[0]].filter { $0 >= 0 }.forEach { close($0) }
            throw Failure.system("posix_spawn", result)
        }
        self.pid = pid
        input = stdinPair[1]
        output = stdoutPair[0]
        error = stderrPair[0]
    }

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import without `_GNU_SOURCE`.
    private static let spawnSetSID: Int16 = 0x80

    private static func makeSocketPair(_ pair: inout [Int32]) throws {
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failure.system("socketpair", errno)
        }
    }

    deinit {
        if reaped == nil {
            Glibc.kill(pid, SIGKILL)
            finish()
        }
    }

    /// Sends `signal` to the child (if it has not been waited for yet).
    func deliver(_ signal: Int32) {
        if reaped == nil { Glibc.kill(pid, signal) }
    }

    /// Writes `input` to standard input, closes it, drains both outputs and waits.
    @discardableResult
    func finish(input bytes: [UInt8] = []) -> Output {
        if let reaped { return reaped }
        var out: [UInt8] = []
        var err: [UInt8] = []
        var written = 0
        if bytes.isEmpty, input >= 0 { close(input); input = -1 }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while input >= 0 || output >= 0 || error >= 0 {
            var fds: [pollfd] = []
            if input >= 0 { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            if output >= 0 { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if error >= 0 { fds.append(pollfd(fd: error, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == input {
                    let count = bytes[written...].withUnsafeBytes {
                        Glibc.send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                    }
                    if count > 0 { written += count }
                    if written == bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                        close(input)
                        input = -1
                    }
                } else {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count > 0 {
                        if entry.fd == output { out += buffer[..<count] } else { err += buffer[..<count] }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(entry.fd)
                        if entry.fd == output { output = -1 } else { error = -1 }
                    }
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let result = Output(
            status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal, stdout: out,
            stderr: err)
        reaped = result
        return result
    }
}

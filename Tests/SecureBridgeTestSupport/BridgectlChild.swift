import Foundation
// Tests build in debug, where the core is built for testing; a release build
// of every target (`swift build -c release`) sees its package API only.
#if DEBUG
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
#else
import SecureBridge
#endif
import Glibc

extension Bridgectl {
    /// A running `bridgectl`: read its output line by line, send it signals, then `finish()`.
    ///
    /// Standard input comes from a socket the test writes with `MSG_NOSIGNAL`
    /// (a child that exits early cannot kill the test runner with `SIGPIPE`)
    /// or from a file. Standard output and error are drained together with
    /// `poll`, and fully before the child is waited for, so a chatty child never
    /// blocks on a full buffer. A child still running when its handle goes away is killed.
    ///
    /// A test awaits the child: `readLine()` and `finish(input:)` wait on a
    /// thread of their own, so the concurrency pool's few threads run other
    /// tests meanwhile. One caller at a time uses a child (a test awaits each
    /// call before the next), which is what makes it `Sendable`.
    final class Child: @unchecked Sendable {
        let pid: pid_t
        private let arguments: [String]
        private var input: Int32
        private var output: Int32
        private var error: Int32
        private var unwritten: ArraySlice<UInt8> = []
        private var stdout: [UInt8] = []
        private var stderr: [UInt8] = []
        private var ended: Output?

        /// Spawns `executable` with `arguments` in a new session.
        /// - Parameters:
        ///   - inputFile: Standard input from this file instead of from `finish(input:)`.
        ///   - unsetting: Variables removed from the child's environment (after `$BRIDGE_HOME` is set).
        ///   - setting: Variables set in the child's environment, last.
        ///   - launcher: A command that runs the child, e.g. `["prlimit", "--nofile=16", "--"]`;
        ///     the executable and arguments follow it.
        init(
            executable: String, arguments: [String], inputFile: String? = nil, unsetting: [String] = [],
            setting: [String: String] = [:], launcher: [String] = []
        ) throws {
            var stdinPair: [Int32] = [-1, -1]
            if let inputFile {
                stdinPair[0] = open(inputFile, O_RDONLY | O_CLOEXEC)
                guard stdinPair[0] >= 0 else { throw Self.failure("open \(inputFile)", errno) }
            } else {
                stdinPair = try Self.socketPair()
            }
            // Sockets rather than pipes: created close-on-exec atomically, so a
            // child spawned meanwhile by a parallel test inherits none of them.
            let stdoutPair = try Self.socketPair()
            let stderrPair = try Self.socketPair()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, stdinPair[0], 0)
            posix_spawn_file_actions_adddup2(&actions, stdoutPair[1], 1)
            posix_spawn_file_actions_adddup2(&actions, stderrPair[1], 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Self.newSession)

            var environment = ProcessInfo.processInfo.environment
            environment["BRIDGE_HOME"] = Bridgectl.decoyHome
            environment["SWIFT_BACKTRACE"] = "enable=no"
            // New passcode verifiers at the tiny testing cost (debug builds only).
            environment["SECUREBRIDGE_TEST_PASSCODE_COST"] = "1"
            // The outputs tests pin are English and in UTC, whatever the developer's locale and zone.
            for name in EnvironmentLocale.variables { environment[name] = nil }
            environment["TZ"] = "UTC"
            for name in unsetting { environment[name] = nil }
            environment.merge(setting) { _, set in set }
            let program = launcher.first ?? executable
            let argv = (launcher + [executable] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            [stdinPair[0], stdoutPair[1], stderrPair[1]].forEach { close($0) }
            guard result == 0 else {
                [stdinPair[1], stdoutPair[0], stderrPair[0]].filter { $0 >= 0 }.forEach { close($0) }
                throw Self.failure("posix_spawn \(program)", result)
            }
            self.pid = pid
            self.arguments = arguments
            input = stdinPair[1]
            output = stdoutPair[0]
            error = stderrPair[0]
        }

        deinit {
            if ended == nil {
                kill(pid, SIGKILL)
                finishBlocking()
            }
        }

        /// Sends `signal` to the child, unless it has already been waited for.
        func send(_ signal: Int32) {
            if ended == nil { kill(pid, signal) }
        }

        /// How long `finish` waits for the child before it kills it.
        static let finishTimeout: Duration = .seconds(60)

        /// The next line of standard output without its newline, or `nil` at
        /// the end of the output or after 30 s of silence.
        func readLine() async -> String? {
            await OwnThread.run { self.readLineBlocking() }
        }

        /// Writes `input` to standard input and closes it, reads both outputs
        /// to their end, and waits for the child to end.
        @discardableResult
        func finish(input bytes: [UInt8] = []) async -> Output {
            await OwnThread.run { self.finishBlocking(input: bytes) }
        }

        /// `readLine()` on the calling thread.
        private func readLineBlocking() -> String? {
            while true {
                if let newline = stdout.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { stdout.removeSubrange(...newline) }
                    return String(decoding: stdout[..<newline], as: UTF8.self)
                }
                guard output >= 0, transfer(waitingAtMost: 30_000) else { return nil }
            }
        }

        /// `finish(input:)` on the calling thread: for a thread of a test's
        /// own (`ReaderLoop`) and for `deinit`, never for a task of the pool.
        @discardableResult
        func finishBlocking(input bytes: [UInt8] = []) -> Output {
            if let ended { return ended }
            unwritten = bytes[...]
            if unwritten.isEmpty { closeSocket(&input) }
            // A child that has not ended a minute on (a follower whose stop
            // signal was lost, a command stuck on a lock) is killed, so a
            // broken test fails on its exit instead of hanging the suite.
            let deadline = ContinuousClock.now + Self.finishTimeout
            var killed = false
            while input >= 0 || output >= 0 || error >= 0 {
                if !killed, ContinuousClock.now >= deadline {
                    kill(pid, SIGKILL)
                    killed = true
                }
                transfer(waitingAtMost: killed ? -1 : 1_000)
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            let result = Output(
                arguments: arguments, status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
                stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
            ended = result
            return result
        }

        /// Waits up to `milliseconds` (-1: for ever) for the child's sockets,
        /// then writes what input it can and reads what output there is.
        /// - Returns: `false` when nothing happened in time.
        @discardableResult
        private func transfer(waitingAtMost milliseconds: Int32) -> Bool {
            var sockets: [pollfd] = []
            if input >= 0, !unwritten.isEmpty { sockets.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            for fd in [output, error] where fd >= 0 { sockets.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&sockets, nfds_t(sockets.count), milliseconds)
            guard ready >= 0 else {
                // Interrupted: try again. Anything else: give up on the sockets rather than spin.
                if errno != EINTR { closeSocket(&input); closeSocket(&output); closeSocket(&error) }
                return true
            }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            for socket in sockets where socket.revents != 0 {
                if socket.fd == input {
                    let count = unwritten.withUnsafeBytes {
                        Glibc.send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                    }
                    if count > 0 { unwritten = unwritten.dropFirst(count) }
                    if unwritten.isEmpty || (count < 0 && errno != EAGAIN && errno != EINTR) { closeSocket(&input) }
                } else {
                    let count = read(socket.fd, &buffer, buffer.count)
                    if count > 0 {
                        if socket.fd == output { stdout += buffer[..<count] } else { stderr += buffer[..<count] }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        if socket.fd == output { closeSocket(&output) } else { closeSocket(&error) }
                    }
                }
            }
            return ready > 0
        }

        private func closeSocket(_ socket: inout Int32) {
            if socket >= 0 { close(socket) }
            socket = -1
        }

        /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import without `_GNU_SOURCE`.
        private static let newSession: Int16 = 0x80

        private static func socketPair() throws -> [Int32] {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                throw failure("socketpair", errno)
            }
            return pair
        }

        private static func failure(_ call: String, _ code: Int32) -> Failure {
            Failure(description: "\(call) failed: \(String(cString: strerror(code))).")
        }
    }
}

/// Blocking work moved off the concurrency pool.
enum OwnThread {
    /// Runs `work` on a new thread and resumes when it returns: a test that
    /// waits for a child process this way holds none of the pool's threads
    /// (as many as the machine has cores), so other tests run meanwhile.
    /// - Parameter work: Blocking work, such as `poll` and `waitpid` on a child.
    /// - Returns: What `work` returned.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}


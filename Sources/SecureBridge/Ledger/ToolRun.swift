#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of an accounting tool as a child process: an explicit argument
/// vector, standard input from `/dev/null`, a time limit after which the
/// child is killed, a cap on what it may print, and a limit on its address
/// space (`RLIMIT_AS`). `posix_spawn` sets no resource limit, so the
/// limit is set by `/bin/sh`'s `ulimit -v` just before it `exec`s the tool:
/// the tool's path and arguments reach it as `$0` and `$@`, never read as
/// shell text.
struct ToolRun {
    /// What the tool printed and how it ended.
    struct Outcome {
        /// Standard output, at most the cap.
        let output: [UInt8]
        /// The start of standard error (the tool's own message).
        let errors: [UInt8]
        /// The exit status, or `nil` when a signal ended it.
        let status: Int32?

        /// Whether the tool's message says it ran out of memory: hledger's
        /// (GHC's) "out of memory", Python's `MemoryError`, C++'s `bad_alloc`.
        var ranOutOfMemory: Bool {
            let message = String(decoding: errors, as: UTF8.self).lowercased()
            return ["out of memory", "memoryerror", "bad_alloc", "cannot allocate memory", "unable to commit"].contains { message.contains($0) }
        }
    }

    /// Why a run gave no outcome.
    enum Failure: Error, Equatable {
        /// The program was not found on `PATH`.
        case notFound
        /// It ran past the time limit and was killed.
        case timedOut
        /// It printed more than the cap and was killed.
        case outputTooLarge
        /// It could not be started (`errno`).
        case notStarted(Int32)
    }

    /// The program's name, looked up on `PATH`.
    let program: String
    /// The arguments after the program's name.
    let arguments: [String]
    /// How long it may run.
    let timeLimit: Duration
    /// How many bytes of standard output it may print.
    let outputLimit: Int
    /// How many bytes of address space it may have.
    let memoryLimit: Int

    /// How much of standard error is kept.
    static let errorLimit = 64 * 1024

    /// The program's path: the first executable `program` in a directory of `PATH`.
    static func path(of program: String) -> String? {
        let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in search.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs the tool to its end, or kills it at the time limit or the cap.
    /// - Throws: `Failure`.
    func run() throws -> Outcome {
        guard let path = Self.path(of: program) else { throw Failure.notFound }
        let output = try Pipe()
        let errors = try Pipe()
        defer {
            output.closeBoth()
            errors.closeBoth()
        }
        let pid = try spawn(path, output: output.write, errors: errors.write)
        output.closeWrite()
        errors.closeWrite()
        var collected = Collected()
        let deadline = ContinuousClock.now + timeLimit
        do {
            try collect(output: output.read, errors: errors.read, into: &collected, until: deadline)
        } catch {
            kill(pid, SIGKILL)
            _ = Self.wait(for: pid)
            throw error
        }
        let status = Self.wait(for: pid)
        return Outcome(output: collected.output, errors: collected.errors, status: status)
    }

    /// What has been read so far.
    private struct Collected {
        var output: [UInt8] = []
        var errors: [UInt8] = []
    }

    private func spawn(_ path: String, output: Int32, errors: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        // The tools' output in one stable form: UTF-8, no colours, no pager.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = "1"
        let limited = ["sh", "-c", "ulimit -v \(max(1, memoryLimit / 1024)) && exec \"$0\" \"$@\"", path] + arguments
        let argv = limited.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard result == 0 else { throw Failure.notStarted(result) }
        return pid
    }

    /// Reads both pipes until both end, the deadline passes or the output passes the cap.
    private func collect(output: Int32, errors: Int32, into collected: inout Collected, until deadline: ContinuousClock.Instant) throws {
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !open.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failure.timedOut }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure.notStarted(errno)
            }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    open.removeAll { $0 == entry.fd }
                } else if count == 0 {
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == output {
                    collected.output.append(contentsOf: buffer[0..<count])
                    guard collected.output.count <= outputLimit else { throw Failure.outputTooLarge }
                } else if collected.errors.count < Self.errorLimit {
                    collected.errors.append(contentsOf: buffer[0..<min(count, Self.errorLimit - collected.errors.count)])
                }
            }
        }
    }

    /// Waits for the child; its exit status, or `nil` when a signal ended it.
    private static func wait(for pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift cannot import (macros).
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// A pipe whose ends are closed on exec (the child gets copies through dup2).
    private final class Pipe {
        private(set) var read: Int32 = -1
        private(set) var write: Int32 = -1

        init() throws {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw Failure.notStarted(errno) }
            read = ends[0]
            write = ends[1]
            guard fcntl(read, F_SETFD, FD_CLOEXEC) == 0, fcntl(write, F_SETFD, FD_CLOEXEC) == 0 else {
                let failure = errno
                closeBoth()
                throw Failure.notStarted(failure)
            }
        }

        func closeWrite() {
            if write >= 0 { close(write) }
            write = -1
        }

        func closeBoth() {
            closeWrite()
            if read >= 0 { close(read) }
            read = -1
        }
    }
}

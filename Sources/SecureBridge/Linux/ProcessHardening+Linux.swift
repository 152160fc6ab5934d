#if os(Linux)
import SecureBridgePlatform
internal import CLinux
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the process could not be protected; the command then stops before it reads a secret.
package struct ProcessHardeningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why `prctl(PR_SET_DUMPABLE, 0)` failed.
    package let errno: Errno

    package init(errno: Errno) {
        self.errno = errno
    }

    package var description: String {
        "Could not mark this process non-dumpable (prctl PR_SET_DUMPABLE: \(errno.description)), so a crash could dump keys or a passcode; stopping before touching any."
    }
}

/// Process-wide protections for a program that handles passcodes and keys.
package enum ProcessHardening {
    package typealias Failure = ProcessHardeningError

    /// Forbids core files and dumping, before a command touches a secret.
    /// - Throws: `Failure` when the process could not be made non-dumpable; the caller must then stop.
    package static func protectSecrets() throws {
        forbidCoreDumps()
        try forbidDumping()
    }

    /// Sets the core-file size limit to zero, so a crash writes no secret to a core file; best effort.
    static func forbidCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        _ = setrlimit(RLIMIT_CORE, &none)
        #endif
    }

    /// Marks the process non-dumpable: `RLIMIT_CORE` is ignored when `core_pattern` pipes cores, and no one can attach.
    /// - Throws: `Failure` with the `errno` of `prctl`.
    static func forbidDumping() throws {
        guard CLinux_forbidDumping() == 0 else { throw Failure(errno: Errno(rawValue: errno)) }
    }
}
#endif

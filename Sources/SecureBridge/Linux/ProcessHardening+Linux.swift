#if os(Linux)
import SecureBridgePlatform
internal import CLinux
package import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the process could not be protected; the command then stops before
/// it reads a key or a passcode.
/// Package-wide: only `bridgectl` calls `ProcessHardening`.
package struct ProcessHardeningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why `prctl(PR_SET_DUMPABLE, 0)` failed.
    package let errno: Errno

    /// The failure of `prctl(PR_SET_DUMPABLE, 0)` with `errno`.
    package init(errno: Errno) {
        self.errno = errno
    }

    package var description: String {
        "Could not mark this process non-dumpable (prctl PR_SET_DUMPABLE: \(errno.description)), so a crash could dump keys or a passcode; stopping before touching any."
    }
}

/// Process-wide protections for a program that handles passcodes and keys.
package enum ProcessHardening {
    /// Why the process could not be protected (`ProcessHardeningError`).
    package typealias Failure = ProcessHardeningError

    /// Everything a command needs before it touches a secret: no core file
    /// (`forbidCoreDumps`) and not dumpable at all (`forbidDumping`).
    /// - Throws: `Failure` when the process could not be made non-dumpable;
    ///   the caller must then stop without reading a key or a passcode.
    package static func protectSecrets() throws {
        forbidCoreDumps()
        try forbidDumping()
    }

    /// Sets the core-file size limit to zero, so a crash never writes key
    /// material, a passcode or a balance to a core file. Best effort: a
    /// failure leaves the limit as it was (`forbidDumping` still holds).
    static func forbidCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        _ = setrlimit(RLIMIT_CORE, &none)
        #endif
    }

    /// Marks the process non-dumpable (`prctl(PR_SET_DUMPABLE, 0)`).
    ///
    /// The core-size limit alone is not enough: when `core_pattern` pipes
    /// cores to a handler, the kernel ignores `RLIMIT_CORE`. A non-dumpable
    /// process gets no core at all, cannot be attached to by other processes
    /// of the same user, and its `/proc/PID` files belong to root.
    /// - Throws: `Failure` with the `errno` of `prctl`.
    static func forbidDumping() throws {
        guard CLinux_forbidDumping() == 0 else { throw Failure(errno: Errno(rawValue: errno)) }
    }
}
#endif

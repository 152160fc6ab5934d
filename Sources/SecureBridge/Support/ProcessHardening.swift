#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Process-wide protections for a program that handles passcodes and keys.
public enum ProcessHardening {
    /// Sets the core-file size limit to zero, so a crash never writes key
    /// material, a passcode or a balance to a core file. Best effort: a
    /// failure leaves the limit as it was.
    public static func forbidCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        _ = setrlimit(RLIMIT_CORE, &none)
        #endif
    }
}

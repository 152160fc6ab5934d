#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process environment's `name`, read where it is (`getenv`), without
/// copying the whole environment: the session bus's address for the Secret Service.
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
#endif

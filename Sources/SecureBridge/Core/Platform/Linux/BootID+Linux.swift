#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kernel's random id of this boot of the machine
/// (`/proc/sys/kernel/random/boot_id`, without its newline), as bytes, or
/// `nil` when the kernel does not say. `PublishCursor.currentBoot` checks
/// what it holds.
func currentBootID() -> ArraySlice<UInt8>? {
    let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }
}
#endif

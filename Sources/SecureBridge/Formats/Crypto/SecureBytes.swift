/// A buffer for secrets (keys, passcodes, plaintext) that is wiped, in a way the compiler cannot optimise away,
/// when the last reference goes away. The bytes are written only while it is initialised, which makes sharing it
/// between tasks safe; `description` never shows them, and `==` runs in constant time.
public final class SecureBytes: @unchecked Sendable, Equatable, CustomStringConvertible {
    private let allocation: UnsafeMutableRawBufferPointer

    /// The number of bytes held.
    public let count: Int

    /// Allocates `count` bytes for `initializer` to fill; they are wiped and released if it throws.
    package init(count: Int, initializer: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        let allocation = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        allocation.initializeMemory(as: UInt8.self, repeating: 0)
        do {
            try initializer(UnsafeMutableRawBufferPointer(rebasing: allocation.prefix(count)))
        } catch {
            Backend.wipe(allocation)
            allocation.deallocate()
            throw error
        }
        self.allocation = allocation
        self.count = count
    }

    /// Copies `bytes` into a new secret buffer; wiping a secret source stays the caller's job.
    public convenience init(copying bytes: some Collection<UInt8>) {
        self.init(count: bytes.count) { buffer in
            _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
        }
    }

    /// Fresh random bytes from the CSPRNG (`SystemRandom`).
    /// - Throws: `BridgeError(.backendFailure)` when the generator fails.
    package static func random(count: Int) throws -> SecureBytes {
        try SecureBytes(count: count) { (buffer) throws in
            try SystemRandom.fill(buffer)
        }
    }

    deinit {
        Backend.wipe(allocation)
        allocation.deallocate()
    }

    /// Calls `body` with read-only access to the secret bytes; do not let the pointer escape.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: allocation.prefix(count)))
    }

    public static func == (lhs: SecureBytes, rhs: SecureBytes) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in ConstantTime.equals(left, right) } }
    }

    public var description: String { "SecureBytes(\(count) bytes, redacted)" }
}

extension SecureBytes {
    /// Zeroes `bytes` in place (the first `count`, or all), for a secret that must pass through an array.
    package static func wipe(_ bytes: inout [UInt8], first count: Int? = nil) {
        bytes.withUnsafeMutableBytes { Backend.wipe(UnsafeMutableRawBufferPointer(rebasing: $0.prefix(count ?? $0.count))) }
    }
}

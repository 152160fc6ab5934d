@testable import SecureBridgeTestSupport

/// One way an attacker with write access to the container changes a file.
enum Mutation: Sendable, CustomStringConvertible {
    /// XOR the byte at `offset` with `mask`.
    case flip(offset: Int, mask: UInt8)
    /// Keep only the first `length` bytes.
    case truncate(length: Int)
    /// Add bytes at the end.
    case append([UInt8])

    /// The bit patterns each byte is flipped with: lowest bit, a middle bit, highest bit, all bits.
    static let masks: [UInt8] = [0x01, 0x10, 0x80, 0xFF]

    /// What is appended: one zero byte, a run of 0xFF, a signature's worth of bytes,
    /// pseudo-random kilobytes, and the file itself once more.
    static func garbage(for bytes: [UInt8]) -> [[UInt8]] {
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        return [
            [0], [UInt8](repeating: 0xFF, count: 16), [UInt8](repeating: 0x41, count: 64),
            (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }, bytes,
        ]
    }

    /// Every byte × every mask, every truncation length and every garbage suffix.
    static func sweep(of bytes: [UInt8]) -> [Mutation] {
        bytes.indices.flatMap { offset in masks.map { Mutation.flip(offset: offset, mask: $0) } }
            + (0..<bytes.count).map(Mutation.truncate(length:))
            + garbage(for: bytes).map(Mutation.append)
    }

    func apply(to bytes: [UInt8]) -> [UInt8] {
        switch self {
        case let .flip(offset, mask):
            var copy = bytes
            copy[offset] ^= mask
            return copy
        case let .truncate(length):
            return Array(bytes.prefix(length))
        case let .append(suffix):
            return bytes + suffix
        }
    }

    var description: String {
        switch self {
        case let .flip(offset, mask): "byte \(offset) ^ 0x\(String(mask, radix: 16))"
        case let .truncate(length): "truncated to \(length) bytes"
        case let .append(suffix): "\(suffix.count) bytes appended"
        }
    }
}

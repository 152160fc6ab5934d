import FoundationEssentials

/// The highest sequence numbers and the latest time the app or a widget has
/// seen, kept in the keychain so that an older file restored into the
/// container (rollback) or a clock set back (freeze) is noticed.
///
/// Stored in `keychain/marks`, format v1 (37 bytes, big-endian):
/// `"SBHW"` · version `1` · onboarding sequence (8) · auth sequence (8) · snapshot sequence (8) · time (8, Unix seconds).
package struct HighWaterMarks: Sendable, Equatable {
    package var onboardingSequence: UInt64 = 0
    package var authSequence: UInt64 = 0
    package var snapshotSequence: UInt64 = 0
    /// The latest clock reading seen; reads never use an earlier "now".
    package var time: Int64 = 0

    static let magic: [UInt8] = Array("SBHW".utf8)
    static let version: UInt8 = 1
    /// Bytes in the stored form.
    package static let byteCount = 37

    package init() {}

    /// Marks at these sequences, the time mark at zero.
    init(onboardingSequence: UInt64 = 0, authSequence: UInt64 = 0, snapshotSequence: UInt64 = 0) {
        self.onboardingSequence = onboardingSequence
        self.authSequence = authSequence
        self.snapshotSequence = snapshotSequence
    }

    /// Reads the stored form.
    /// - Throws: `KeychainError.corrupt` for anything but a v1 marks file.
    package init(storedBytes bytes: [UInt8]) throws {
        let corrupt = KeychainError.corrupt(file: "marks")
        guard bytes.count == Self.byteCount else { throw corrupt }
        self = try ByteReader.read(bytes) { reader in
            guard Array(try reader.take(Self.magic.count, or: corrupt)) == Self.magic,
                  try reader.read(UInt8.self, or: corrupt) == Self.version
            else { throw corrupt }
            var marks = HighWaterMarks()
            marks.onboardingSequence = try reader.read(UInt64.self, or: corrupt)
            marks.authSequence = try reader.read(UInt64.self, or: corrupt)
            marks.snapshotSequence = try reader.read(UInt64.self, or: corrupt)
            marks.time = try reader.read(Int64.self, or: corrupt)
            return marks
        }
    }

    /// The stored form.
    package var storedBytes: [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.append(Self.magic)
        writer.append(Self.version)
        writer.append(onboardingSequence)
        writer.append(authSequence)
        writer.append(snapshotSequence)
        writer.append(time)
        return writer.bytes
    }

    /// These marks raised to everything `other` has seen.
    func merged(with other: HighWaterMarks) -> HighWaterMarks {
        var result = self
        result.onboardingSequence = max(onboardingSequence, other.onboardingSequence)
        result.authSequence = max(authSequence, other.authSequence)
        result.snapshotSequence = max(snapshotSequence, other.snapshotSequence)
        result.time = max(time, other.time)
        return result
    }
}

/// Problems with the keychain's own files.
package enum KeychainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A keychain file exists but is not in the expected format.
    case corrupt(file: String)
    /// A keychain file the operation needs is missing.
    case missing(file: String)

    package var description: String {
        switch self {
        case let .corrupt(file): "The keychain file `\(file)` is damaged or not a SecureBridge file."
        case let .missing(file): "The keychain file `\(file)` is missing."
        }
    }
}

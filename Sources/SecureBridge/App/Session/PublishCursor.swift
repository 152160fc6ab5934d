#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the last publish left off: `app/publish-cursor`, rewritten in place and not synced.
/// It records the last sequence used and the timeline's digest, and counts only in the boot that
/// wrote it: otherwise the next publish starts after the whole block reserved in
/// `AppState.snapshotSequence`, so a number is never used twice (docs/SPEC.md 9.4).
package struct PublishCursor: Equatable {
    /// The `boot_id` of the boot the cursor was written in.
    var boot: String
    /// The epoch of the timeline digest (login and logout start a new one, with an empty container).
    var epoch: UInt64
    /// The last snapshot sequence used.
    var sequence: UInt64
    /// The digest of the timeline published under `sequence`, once live; `nil` while under way.
    var timelineDigest: String?

    init(boot: String, epoch: UInt64, sequence: UInt64, timelineDigest: String? = nil) {
        self.boot = boot
        self.epoch = epoch
        self.sequence = sequence
        self.timelineDigest = timelineDigest
    }

    func recording(timelineDigest: String) -> PublishCursor {
        PublishCursor(boot: boot, epoch: epoch, sequence: sequence, timelineDigest: timelineDigest)
    }

    /// The sequence of the last snapshot made live in `epoch`, by the cursor of any boot, or `nil`.
    /// - Throws: A `StorageError` when `app/publish-cursor` cannot be read.
    package static func lastLiveSequence(in app: SecureDirectory, epoch: UInt64) throws -> UInt64? {
        guard let bytes = try app.read(.publishCursor),
              let cursor = PublishCursor(storedBytes: bytes), cursor.epoch == epoch, cursor.timelineDigest != nil
        else { return nil }
        return cursor.sequence
    }

    /// How many snapshot sequences one durable reservation covers.
    static let block: UInt64 = 64

    /// The cursor in `app/`, or `nil` when there is none, it cannot be
    /// decoded, or it was written in another boot.
    static func load(from app: SecureDirectory, boot: String?) throws -> PublishCursor? {
        guard let boot, let bytes = try app.read(.publishCursor) else { return nil }
        return PublishCursor(storedBytes: bytes, ofBoot: boot)
    }

    /// `app/publish-cursor` held open for one publish: read once, rewritten in place.
    struct Stored {
        private let app: SecureDirectory
        private let file: FileForUpdate?
        /// The cursor read, when it decodes and is of this boot.
        let cursor: PublishCursor?

        /// Opens and reads the cursor in `app/`; no cursor counts where the boot is unknown.
        static func open(in app: SecureDirectory, boot: String?) throws -> Stored {
            guard let boot else { return Stored(app: app, file: nil, cursor: nil) }
            let file = try app.openForUpdate(.publishCursor)
            return Stored(app: app, file: file, cursor: file.flatMap { PublishCursor(storedBytes: $0.contents, ofBoot: boot) })
        }

        /// Writes `cursor` unsynced, in place when it can (a torn cursor counts for nothing); not for an unknown boot.
        func save(_ cursor: PublishCursor) throws {
            guard !cursor.boot.isEmpty else { return }
            if let file, file.contents.count == PublishCursor.byteCount {
                try file.write(cursor.storedBytes, at: 0, syncingData: false)
            } else {
                try app.rewriteUnsynced(.publishCursor, cursor.storedBytes)
            }
        }
    }

    /// Decodes a stored cursor written in `boot`; `nil` for one of another boot or none.
    init?(storedBytes bytes: [UInt8], ofBoot boot: String) {
        guard let cursor = PublishCursor(storedBytes: bytes), cursor.boot == boot else { return nil }
        self = cursor
    }

    /// Decodes a stored cursor, or `nil`; an older cursor's `contentDigest` is ignored (a change next).
    init?(storedBytes bytes: [UInt8]) {
        guard let object = try? JSONParser.parse(bytes),
              case let .string(boot)? = object["boot"],
              case let .number(epoch)? = object["epoch"], let epoch = UInt64(epoch),
              case let .number(sequence)? = object["sequence"], let sequence = UInt64(sequence)
        else { return nil }
        var timelineDigest: String?
        switch object["timelineDigest"] {
        case nil, .null?: timelineDigest = nil
        case let .string(digest)?: timelineDigest = digest
        default: return nil
        }
        self.init(boot: boot, epoch: epoch, sequence: sequence, timelineDigest: timelineDigest)
    }

    /// JSON with sorted keys, padded with spaces to `byteCount`; nothing in it needs escaping.
    var storedBytes: [UInt8] {
        var json = #"{"boot":"\#(boot)","epoch":\#(epoch),"sequence":\#(sequence)"#
        if let timelineDigest { json += #","timelineDigest":"\#(timelineDigest)""# }
        json += "}"
        var bytes = Array(json.utf8)
        precondition(bytes.count < Self.byteCount, "a publish cursor's JSON fits its fixed size")
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: Self.byteCount - 1 - bytes.count) + [UInt8(ascii: "\n")]
        return bytes
    }

    /// The stored cursor's size, so each save rewrites the same bytes.
    static let byteCount = 256

    /// This boot's id on `platform`, or `nil` when unknown or not 1 to 64 hex digits and dashes.
    static func currentBoot(on platform: any BridgePlatform) -> String? {
        guard let id = platform.bootIdentifier?.utf8, (1...64).contains(id.count),
            id.allSatisfy({ Bytes.isHexDigit($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return platform.bootIdentifier
    }
}

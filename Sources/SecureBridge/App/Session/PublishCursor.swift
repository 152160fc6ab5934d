#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the last publish left off: `app/publish-cursor`, rewritten in place
/// and not synced, so a publish needs one durable write fewer per snapshot
/// (and, in place, no rename either: on ext4 even an unsynced replace by
/// rename costs about a third of a durable write, as the file system flushes
/// the new file's data at the rename).
///
/// Snapshot sequences are reserved in blocks: `app/state.json` durably records
/// the highest number reserved (`AppState.snapshotSequence`), and the cursor
/// records, without a sync, the last number used and the digest of the
/// timeline published under it (`BridgeApp.SnapshotTimes.timelineDigest(of:)`). Within one boot of the machine a file replaced
/// by a rename is what every later process reads, synced or not (a killed
/// publisher loses nothing the page cache holds), so the cursor is exact. A
/// power cut may lose it or leave an older one; it names the boot it was
/// written in (the kernel's random `boot_id`), and a cursor of another boot,
/// or a missing or damaged one, counts for nothing: the next publish starts
/// after the whole reserved block. Either way a number is never used twice,
/// and the worst a lost cursor costs is a gap in the sequence and one reload
/// token more.
///
/// The cursor read by doctor, whatever its boot, also tells whether the app
/// made a snapshot live in the current epoch (`lastLiveSequence(in:epoch:)`).
package struct PublishCursor: Equatable {
    /// The `boot_id` of the boot the cursor was written in.
    var boot: String
    /// The epoch the timeline digest belongs to: a login or a logout starts a
    /// new epoch, and with it a new container that holds no snapshot.
    var epoch: UInt64
    /// The last snapshot sequence used.
    var sequence: UInt64
    /// The digest of the timeline published under `sequence` (hex, see
    /// `BridgeApp.SnapshotTimes.timelineDigest(of:)`), once it is live; `nil` while that publish is under way.
    var timelineDigest: String?

    init(boot: String, epoch: UInt64, sequence: UInt64, timelineDigest: String? = nil) {
        self.boot = boot
        self.epoch = epoch
        self.sequence = sequence
        self.timelineDigest = timelineDigest
    }

    /// This cursor with the digest of the timeline now live under its sequence.
    func recording(timelineDigest: String) -> PublishCursor {
        PublishCursor(boot: boot, epoch: epoch, sequence: sequence, timelineDigest: timelineDigest)
    }

    /// The sequence of the last snapshot the app made live in `epoch`, as
    /// the cursor in `app` records it, written in this boot or an earlier
    /// one (an older cursor of the same epoch still proves that publish);
    /// `nil` when there is no such cursor (none, damaged, of another epoch,
    /// or of a publish that never went live).
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

    /// `app/publish-cursor` held open for one publish: read once, then
    /// rewritten in place through the same descriptor.
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

        /// Writes `cursor` without a sync, in place when the file read was a
        /// cursor's size, else as `rewriteUnsynced` does: a power cut may tear
        /// it, and a torn cursor fails to decode and counts for nothing.
        /// Nothing where the boot is unknown (an empty `boot`), as no cursor is
        /// trusted there.
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

    /// Decodes a stored cursor: one JSON object with `boot`, `epoch`,
    /// `sequence` and, once the snapshot is live, `timelineDigest`. A cursor
    /// of an earlier version, whose `contentDigest` was the payload's digest
    /// alone, decodes without a digest: its next publish counts as a change.
    /// - Returns: `nil` for anything else, a torn cursor included.
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

    /// The stored form: JSON with sorted keys, padded with spaces to
    /// `byteCount`. The boot id and the digest need no escaping: one is
    /// checked to be hex and dashes (`currentBoot`), the other is hex.
    var storedBytes: [UInt8] {
        var json = #"{"boot":"\#(boot)","epoch":\#(epoch),"sequence":\#(sequence)"#
        if let timelineDigest { json += #","timelineDigest":"\#(timelineDigest)""# }
        json += "}"
        var bytes = Array(json.utf8)
        precondition(bytes.count < Self.byteCount, "a publish cursor's JSON fits its fixed size")
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: Self.byteCount - 1 - bytes.count) + [UInt8(ascii: "\n")]
        return bytes
    }

    /// The size of the stored cursor: its JSON, padded with spaces, so each
    /// save rewrites the same bytes of the same file.
    static let byteCount = 256

    /// This boot's id on `platform` (Linux: `/proc/sys/kernel/random/boot_id`),
    /// or `nil` where the platform does not say (or says something other than
    /// at most 64 hex digits and dashes): then no cursor is trusted and every
    /// publish reserves its number durably, as if each were the first of a block.
    static func currentBoot(on platform: any BridgePlatform) -> String? {
        guard let id = platform.bootIdentifier?.utf8, (1...64).contains(id.count),
            id.allSatisfy({ Bytes.isHexDigit($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return platform.bootIdentifier
    }
}

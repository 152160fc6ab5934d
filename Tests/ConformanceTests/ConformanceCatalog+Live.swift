import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

extension ConformanceCatalog {
    // MARK: Live reads: one home, reads in order, the marks after each

    /// The live vectors: a reader that keeps its marks between reads raises
    /// them (docs/SPEC.md 5.3.3), judges by the clock mark (5.3.2) and then
    /// refuses what it has seen superseded.
    func live() throws {
        let raising = "5.3.3 (raising)"
        let clockMark = "5.3.2 (the clock mark)"
        let base = try base()
        typealias Read = Conformance.LiveRead
        func plantedMarks(_ generations: (UInt64?, UInt64?)) -> (ConformanceHome) throws -> Void {
            { home in try Self.plantMarks(in: home, generations: generations) }
        }

        try writer.live("first-read-no-marks", "No marks file: the first live read writes a new one (generation 1 in slot 1, its clock as the clock mark), the next a minute later raises it into slot 0, and one whose clock is behind the mark writes nothing.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .replaced),
            Read(clock: published + 60, intent: .full, marks: .raised),
            Read(clock: published + 30, intent: .full, marks: .kept),
        ]) { home in
            try home.remove("keychain/marks")
        }
        try writer.live("first-read-v1-marks", "A v1 marks file: the first live read replaces it with a v2 file (generation 1 in slot 1), the next raises it into slot 0.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .replaced),
            Read(clock: published + 60, intent: .full, marks: .raised),
        ]) { home in
            try home.write("keychain/marks", PlantedKeychain.version1Marks(try MarksFile(storedBytes: try home.bytes("keychain/marks")).marks))
        }
        let republished = try base.copy()
        try republished.publish(Self.otherAccounts, at: later)
        let newerSnapshot = try republished.bytes("container/snapshot")
        try writer.live("slots-alternate", "The marks as the app left them, then five live reads that each raise them: each writes the slot that does not hold the newest, so the slots alternate; a privacy read raises them too, and a newer snapshot raises the snapshot mark ten seconds after the last write.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .raised),
            Read(clock: published + 60, intent: .full, marks: .raised),
            Read(clock: published + 120, privacy: true, intent: .masked(.privacy), marks: .raised),
            Read(clock: published + 130, replacing: [("container/snapshot", newerSnapshot)], intent: .full, marks: .raised),
            Read(clock: published + 190, intent: .full, marks: .raised),
        ])
        try writer.live("planted-even-generation", "A planted file with generation 8 in slot 1 and 7 in slot 0: a live read writes generation 9 into slot 0 (not the slot (g + 1) mod 2), the next generation 10 into slot 1.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .raised),
            Read(clock: published + 60, intent: .full, marks: .raised),
        ], plantedMarks((7, 8)))
        try writer.live("generation-max-slot0", "Slot 0 at generation 2^64 − 1: a live read replaces the whole file (generation 1 in slot 1, slot 0 zeros), the next raises it into slot 0.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .replaced),
            Read(clock: published + 60, intent: .full, marks: .raised),
        ], plantedMarks((.max, 1)))
        try writer.live("generation-max-slot1", "Slot 1 at generation 2^64 − 1 and slot 0 at 2^64 − 2: a live read replaces the whole file, the next raises it into slot 0.", section: raising, from: base, reads: [
            Read(clock: published, intent: .full, marks: .replaced),
            Read(clock: published + 60, intent: .full, marks: .raised),
        ], plantedMarks((.max - 1, .max)))

        try writer.live("clock-mark-stale-expired", "A live read at staleAt raises the clock mark; a later read whose clock is set back to the publish is judged at the mark (stale, not full); after a read at expiresAt, a clock set back before it still reads expired.", section: clockMark, from: base, reads: [
            Read(clock: staleAt, intent: .stale, marks: .raised),
            Read(clock: published, intent: .stale, marks: .kept),
            Read(clock: expiresAt, intent: .masked(.expired), marks: .raised),
            Read(clock: staleAt - 60, intent: .masked(.expired), marks: .kept),
        ])
        let shortSession = try self.base(session: 2 * 3_600)
        try writer.live("clock-mark-session-end", "A live read at the session's end is session-expired and still raises the clock mark; a clock set back to the publish then reads session-expired too (a what-if read there is full).", section: clockMark, from: shortSession, reads: [
            Read(clock: login + 2 * 3_600, intent: .placeholder(.sessionExpired), marks: .raised),
            Read(clock: published, intent: .placeholder(.sessionExpired), marks: .kept),
        ])
        let goodSnapshot = try base.bytes("container/snapshot")
        try writer.live("placeholder-raises-marks", "No marks file and a snapshot with a bad signature: the live read is tampered, yet writes the marks of the records it verified and its clock (a minute past staleAt); with the good snapshot put back, a read whose clock is set back to the publish raises the snapshot mark, keeps the clock mark and reads stale.", section: raising, from: base, reads: [
            Read(clock: staleAt + 60, intent: .placeholder(.tampered), marks: .replaced),
            Read(clock: published, replacing: [("container/snapshot", goodSnapshot)], intent: .stale, marks: .raised),
        ]) { home in
            try home.remove("keychain/marks")
            try home.edit("container/snapshot") { $0[$0.count - 1] ^= 1 }
        }

        let locked = try base.copy()
        try locked.app.lock(now: ConformanceHome.date(later))
        try writer.live("rollback-auth-status-after-raise", "The active auth status reads full; a newer one (locked) the marks do not know yet reads masked and raises the auth mark; the active one put back then reads rollback, though it passed the first read.", section: "6.2 (auth status)", from: base, reads: [
            Read(clock: published, intent: .full, marks: .raised),
            Read(clock: later, replacing: [("container/auth-status", try locked.bytes("container/auth-status"))], intent: .masked(.locked), marks: .raised),
            Read(clock: later + 60, replacing: [("container/auth-status", try base.bytes("container/auth-status"))], intent: .placeholder(.rollback), marks: .raised),
        ])
        let undecodable = try Self.resealed([9, 9, 9], in: republished)
        try writer.live("snapshot-mark-raised-before-opening", "A newer snapshot, signed by the pinned key, of the current epoch, whose payload does not decode: tampered, yet it raises the snapshot mark (6.3.7 comes before the plaintext); the first snapshot put back then reads rollback.", section: "6.3 (snapshot)", from: base, reads: [
            Read(clock: published, intent: .full, marks: .raised),
            Read(clock: later, replacing: [("container/snapshot", undecodable)], intent: .placeholder(.tampered), marks: .raised),
            Read(clock: later + 60, replacing: [("container/snapshot", goodSnapshot)], intent: .placeholder(.rollback), marks: .raised),
        ])
        try writer.live("rollback-snapshot-after-raise", "The snapshot reads full; a newer one the marks do not know yet reads full and raises the snapshot mark; the first put back then reads rollback, though it passed the first read.", section: "6.3 (snapshot)", from: base, reads: [
            Read(clock: published, intent: .full, marks: .raised),
            Read(clock: later, replacing: [("container/snapshot", newerSnapshot)], intent: .full, marks: .raised),
            Read(clock: later + 60, replacing: [("container/snapshot", goodSnapshot)], intent: .placeholder(.rollback), marks: .raised),
        ])
    }

    /// Rewrites `home`'s marks file with its newest marks in the slots of
    /// these generations (`nil`: a slot of zeros).
    private static func plantMarks(in home: ConformanceHome, generations: (UInt64?, UInt64?)) throws {
        let marks = try MarksFile(storedBytes: try home.bytes("keychain/marks")).marks
        try home.write("keychain/marks", PlantedKeychain.marks(
            slot0: try generations.0.map { try PlantedKeychain.slot(marks, generation: $0) },
            slot1: try generations.1.map { try PlantedKeychain.slot(marks, generation: $0) }))
    }
}

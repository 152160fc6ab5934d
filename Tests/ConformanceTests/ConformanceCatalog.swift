import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Every conformance vector, made by the real app at injected instants and
/// then changed as a writer with access to a place would change it.
/// Sections name docs/SPEC.md's.
struct ConformanceCatalog {
    let writer: Conformance.Writer

    /// The story's instants: login, publish, a later command.
    let login = Conformance.origin
    var published: Int64 { login + 60 }
    var later: Int64 { login + 120 }
    /// The soft and hard expiry of the base snapshot.
    var staleAt: Int64 { published + 3_600 }
    var expiresAt: Int64 { published + 86_400 }
    /// The end of the base session (7 days).
    var sessionEnd: Int64 { login + 7 * 86_400 }

    static let accounts = #"""
        [{"id":"acc-main","name":"Everyday Account","balance":"4675.00","currency":"EUR","IBAN":"DE89 3704 0044 0532 0130 00","type":"main"},
         {"id":"acc-usd","name":"Dollar Account","balance":"12850.40","currency":"USD","IBAN":"NL91ABNA0417164300","type":"secondary"},
         {"id":"acc-jpy","name":"円口座","balance":"58000","currency":"JPY","IBAN":"GB82WEST12345698765432","type":"secondary"},
         {"id":"acc-gbp","name":"Sterling Current","balance":"-230.15","currency":"GBP","IBAN":"GB33BUKB20201555555555","type":"secondary"}]
        """#
    static let otherAccounts = #"""
        [{"id":"acc-main","name":"Everyday Account","balance":"1.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}]
        """#

    /// Makes every vector.
    func make() throws {
        try states()
        try gate()
        try marks()
        try keyset()
        try files()
        try payloads()
        try payloadRules()
        try names()
        try storage()
        try settled()
        try live()
        try PublishCatalog(writer: writer).make()
    }

    /// A logged-in home with the base snapshot: login at `login` (7-day
    /// session), published at `published` (stale after 1 h, expired after 24 h).
    func base(session: Int64 = 7 * 86_400, accounts: String = Self.accounts) throws -> ConformanceHome {
        let home = try ConformanceHome()
        try home.login(at: login, session: session)
        try home.publish(accounts, at: published)
        return home
    }

    // MARK: States and boundaries

    func states() throws {
        let section = "7 (what a widget shows)"
        let base = try base()
        try writer.reader("full", "A fresh snapshot shows every balance.", section: section, from: base, at: published, intent: .full)
        try writer.reader("full-before-issued", "An instant before the snapshot's issuedAt still shows it in full.", section: section, from: base, at: published - 30, intent: .full)
        for (name, offset) in [("before", -1), ("at", 0), ("after", 1)] {
            try writer.reader("stale-\(name)", "One second \(name == "at" ? "at" : name) staleAt: \(offset < 0 ? "full" : "full, flagged stale").", section: "7.2 (boundaries)", from: base, at: staleAt + Int64(offset), intent: offset < 0 ? .full : .stale)
            try writer.reader("expiry-\(name)", "\(name == "at" ? "At" : "One second \(name)") expiresAt: \(offset < 0 ? "stale" : "masked, expired").", section: "7.2 (boundaries)", from: base, at: expiresAt + Int64(offset), intent: offset < 0 ? .stale : .masked(.expired))
        }
        let short = try self.base(session: 2 * 3_600)
        let shortEnd = login + 2 * 3_600
        for (name, offset) in [("before", -1), ("at", 0), ("after", 1)] {
            try writer.reader("session-end-\(name)", "\(name == "at" ? "At" : "One second \(name)") the session's end: \(offset < 0 ? "stale" : "session-expired").", section: "7.2 (boundaries)", from: short, at: shortEnd + Int64(offset), intent: offset < 0 ? .stale : .placeholder(.sessionExpired))
        }
        try writer.reader("session-end-before-stale", "A session that ends before the snapshot is stale: session-expired wins.", section: "7.2 (boundaries)", from: try self.base(session: 1_800), at: login + 1_800, intent: .placeholder(.sessionExpired))
        try writer.reader("session-end-long-after", "Long after both the expiry and the session's end: session-expired.", section: "7.2 (boundaries)", from: base, at: sessionEnd + 86_400, intent: .placeholder(.sessionExpired))

        let locked = try base.copy()
        try locked.app.lock(now: ConformanceHome.date(later))
        try writer.reader("locked", "A locked app masks every balance.", section: "7.1 (masking)", from: locked, at: later, intent: .masked(.locked))
        try writer.reader("locked-expired", "Locked and past expiresAt: locked comes first.", section: "7.1 (masking)", from: locked, at: expiresAt, intent: .masked(.locked))
        try writer.reader("locked-privacy", "Locked in a privacy context: locked comes first.", section: "7.1 (masking)", from: locked, at: later, privacy: true, intent: .masked(.locked))
        try writer.reader("locked-session-end", "Locked at the session's end: session-expired.", section: "7.1 (masking)", from: locked, at: sessionEnd, intent: .placeholder(.sessionExpired))
        let unlocked = try locked.copy()
        try unlocked.app.unlock(passcode: ConformanceHome.passcode, now: ConformanceHome.date(later + 60))
        try writer.reader("unlocked", "Unlocked again: full.", section: "7.1 (masking)", from: unlocked, at: later + 60, intent: .full)

        let hidden = try base.copy()
        try hidden.app.setHidesBalances(true, now: ConformanceHome.date(later))
        try writer.reader("hidden", "Balances hidden by the user's preference: masked.", section: "7.1 (masking)", from: hidden, at: later, intent: .masked(.hidden))
        try writer.reader("hidden-expired", "Hidden and expired: expired comes first.", section: "7.1 (masking)", from: hidden, at: expiresAt, intent: .masked(.expired))
        try writer.reader("hidden-stale", "Hidden and stale: hidden (masked beats the stale flag).", section: "7.1 (masking)", from: hidden, at: staleAt, intent: .masked(.hidden))
        try writer.reader("hidden-privacy", "Hidden in a privacy context: hidden comes first.", section: "7.1 (masking)", from: hidden, at: later, privacy: true, intent: .masked(.hidden))
        try writer.reader("privacy", "A privacy context masks every balance.", section: "7.1 (masking)", from: base, at: published, privacy: true, intent: .masked(.privacy))
        try writer.reader("privacy-stale", "A privacy context past staleAt: privacy.", section: "7.1 (masking)", from: base, at: staleAt, privacy: true, intent: .masked(.privacy))
        try writer.reader("privacy-expired", "A privacy context past expiresAt: expired comes first.", section: "7.1 (masking)", from: base, at: expiresAt, privacy: true, intent: .masked(.expired))

        let loggedOut = try base.copy()
        try loggedOut.app.logout(now: ConformanceHome.date(later))
        try writer.reader("logged-out", "After logout: logged-out.", section: "6.2 (auth status)", from: loggedOut, at: later, intent: .placeholder(.loggedOut))
        try writer.reader("logged-out-old-snapshot", "After logout with the old snapshot put back: still logged-out (the auth status comes first).", section: "6.2 (auth status)", from: loggedOut, at: later, intent: .placeholder(.loggedOut)) { home in
            try home.take("container/snapshot", from: base)
        }
        let onlyLogin = try ConformanceHome()
        try onlyLogin.login(at: login)
        try writer.reader("no-snapshot", "Logged in, nothing published yet: no-data.", section: "6.3 (snapshot)", from: onlyLogin, at: later, intent: .placeholder(.noData))
        let republished = try base.copy()
        try republished.publish(Self.otherAccounts, at: later)
        try writer.reader("republished", "A second publish replaces the accounts.", section: "7 (what a widget shows)", from: republished, at: later, intent: .full)
        let relogin = try loggedOut.copy()
        try relogin.login(at: later + 60)
        try relogin.publish(Self.otherAccounts, at: later + 120)
        try writer.reader("login-again", "Logged out and in again, published again: full.", section: "7 (what a widget shows)", from: relogin, at: later + 120, intent: .full)
    }

    // MARK: The gate's order

    func gate() throws {
        let section = "6 (the gate)"
        let base = try base()
        let other = try self.base()
        try writer.reader("empty-home", "A home with neither place: not-onboarded.", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.remove("keychain")
            try home.remove("container")
        }
        try writer.reader("no-keychain", "No keychain place beside an open container: not-onboarded (the keychain is checked first and its absence ends the walk).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.remove("keychain")
        }
        try writer.reader("no-keychain-insecure-container", "No keychain place, and a container open to everyone: still not-onboarded.", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.remove("keychain")
            try home.setMode("container", 0o777)
        }
        try writer.reader("no-container", "A keychain place and no container: not-onboarded.", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.remove("container")
        }
        try writer.reader("no-container-open-keychain", "A keychain place open to the group and no container: insecure-storage (the keychain is opened and checked first).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
            try home.remove("container")
            try home.setMode("keychain", 0o750)
        }
        for (file, reason) in [
            ("keychain/publisher.pub", Reason.notOnboarded), ("container/onboarding", .notOnboarded), ("container/auth-status", .loggedOut),
            ("container/snapshot", .noData), ("keychain/keyset", .unknownKey), ("keychain/marks", nil), ("keychain/store", nil),
            ("container/reload-token", nil),
        ] {
            let name = file.split(separator: "/").last!
            try writer.reader("missing-\(name)", "Without \(file): \(reason?.rawValue ?? "full").", section: section, from: base, at: published, intent: reason.map { .placeholder($0) } ?? .full) { home in
                if FileManager.default.fileExists(atPath: home.path(file)) { try home.remove(file) }
            }
        }
        try writer.reader("store-files", "keychain/store says files: full.", section: "5.4 (keychain store)", from: base, at: published, intent: .full) { home in
            try home.write("keychain/store", Array("files\n".utf8))
        }
        for (name, text) in [
            ("no-newline", "files"), ("crlf", "files\r\n"), ("trailing-space", "files \n"), ("two-newlines", "files\n\n"),
            ("upper-case", "FILES\n"), ("empty", ""), ("tab", "vault\t00112233445566778899aabbccddeeff\n"),
            ("two-spaces", "vault  00112233445566778899aabbccddeeff\n"), ("short-id", "vault 0011\n"),
            ("upper-case-id", "vault 00112233445566778899AABBCCDDEEFF\n"), ("files-with-id", "files 00112233445566778899aabbccddeeff\n"),
        ] {
            try writer.reader("store-damaged-\(name)", "A damaged keychain/store (\(name.replacingOccurrences(of: "-", with: " "))): tampered.", section: "5.4 (keychain store)", from: base, at: published, intent: .placeholder(.tampered)) { home in
                try home.write("keychain/store", Array(text.utf8))
            }
        }
        try writer.reader("store-unknown-kind", "keychain/store names a store this reader cannot open: keychain-unavailable.", section: "5.4 (keychain store)", from: base, at: published, intent: .placeholder(.keychainUnavailable)) { home in
            try home.write("keychain/store", Array("example-vault 00112233445566778899aabbccddeeff\n".utf8))
        }
        try writer.reader("store-damaged-before-marks", "A damaged keychain/store and damaged marks: the store is read first (tampered).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/store", Array("nonsense".utf8))
            try home.write("keychain/marks", [1, 2, 3])
        }
        try writer.reader("store-unknown-before-marks", "An unknown store and damaged marks: keychain-unavailable.", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.keychainUnavailable)) { home in
            try home.write("keychain/store", Array("example-vault 00112233445566778899aabbccddeeff\n".utf8))
            try home.write("keychain/marks", [1, 2, 3])
        }
        try writer.reader("marks-damaged-before-onboarding", "Damaged marks and a damaged onboarding record: the marks are read first (tampered either way).", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/marks", [1, 2, 3])
            try home.write("container/onboarding", [0])
        }
        try writer.reader("marks-damaged-no-onboarding", "Damaged marks and no onboarding record: tampered (the marks are read before the onboarding check).", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/marks", [1, 2, 3])
            try home.remove("container/onboarding")
        }
        try writer.reader("insecure-keychain-damaged-marks", "A keychain open to the group and damaged marks: insecure-storage (both places are checked before any file).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
            try home.write("keychain/marks", [1, 2, 3])
            try home.setMode("keychain", 0o770)
        }
        try writer.reader("insecure-container-damaged-marks", "A container open to others and damaged marks: insecure-storage.", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
            try home.write("keychain/marks", [1, 2, 3])
            try home.setMode("container", 0o707)
        }
        // The store is read with the keychain, before the container is opened (6.1 steps 3 and 4).
        try writer.reader("insecure-container-damaged-store", "A container open to others and a damaged keychain/store: tampered (the store is read before container/ is opened).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/store", Array("nonsense".utf8))
            try home.setMode("container", 0o707)
        }
        try writer.reader("insecure-container-unknown-store", "A container open to others and a store this reader cannot open: keychain-unavailable (the store is opened before container/).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.keychainUnavailable)) { home in
            try home.write("keychain/store", Array("example-vault 00112233445566778899aabbccddeeff\n".utf8))
            try home.setMode("container", 0o707)
        }
        // Order between the steps.
        try writer.reader("auth-status-undecodable-below-mark", "An auth status signed by the pinned key whose payload does not decode, at sequence 0, below the mark: tampered (the payload is decoded before the sequence is checked; rollback would be the other order).", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            let key = try base.app.loadSigningKey(try Places.prepare(base.home))  // the copy has no app/
            try home.write("container/auth-status", try SignedRecord.sign(kind: .authStatus, sequence: 0, payload: [0], with: key).bytes)
        }
        // The same order with a record a reader cannot refuse at its structure (N = 42, the exact size).
        for (id, what, offset, value) in [("state", "state 0", 0, UInt8(0)), ("flags", "a flags bit other than bit 0", 25, 2)] {
            try writer.reader("auth-status-bad-\(id)-below-mark", "An auth status of the right length, signed by the pinned key, below the mark, with \(what): tampered (its fields are decoded before the sequence is checked; rollback would be the other order).", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
                let key = try base.app.loadSigningKey(try Places.prepare(base.home))
                let record = try SignedRecord(bytes: try home.bytes("container/auth-status"), expected: .authStatus)
                var payload = Array(try record.verifiedPayload(publicKey: key.publicKey))
                payload[offset] = value
                try home.write("container/auth-status", try SignedRecord.sign(kind: .authStatus, sequence: 0, payload: payload, with: key).bytes)
            }
        }
        try writer.reader("auth-status-signed-as-onboarding", "The auth status's own payload and sequence signed by the pinned key as a record of the onboarding kind: tampered (a record's kind must be its file's; its payload would decode).", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            let key = try base.app.loadSigningKey(try Places.prepare(base.home))
            let record = try SignedRecord(bytes: try home.bytes("container/auth-status"), expected: .authStatus)
            let payload = Array(try record.verifiedPayload(publicKey: key.publicKey))
            try home.write("container/auth-status", try SignedRecord.sign(kind: .onboarding, sequence: record.sequence, payload: payload, with: key).bytes)
        }
        try writer.reader("damaged-onboarding-no-auth", "A damaged onboarding record and no auth status: tampered (onboarding first).", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.edit("container/onboarding") { $0[30] ^= 1 }
            try home.remove("container/auth-status")
        }
        try writer.reader("damaged-pinned-key-no-onboarding", "A damaged pinned key and no onboarding record: not-onboarded (both files are looked for before the key is read, 6.2.1 before 6.2.2).", section: section, from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.write("keychain/publisher.pub", Array("not a key\n".utf8))
            try home.remove("container/onboarding")
        }
        try writer.reader("no-pinned-key-damaged-onboarding", "No pinned key and a damaged onboarding record: not-onboarded.", section: section, from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try home.remove("keychain/publisher.pub")
            try home.write("container/onboarding", [0])
        }
        try writer.reader("damaged-auth-no-snapshot", "A damaged auth status and no snapshot: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.edit("container/auth-status") { $0[40] ^= 1 }
            try home.remove("container/snapshot")
        }
        try writer.reader("expired-session-damaged-snapshot", "An ended session and a damaged snapshot: session-expired (the snapshot is not read).", section: section, from: base, at: sessionEnd, intent: .placeholder(.sessionExpired)) { home in
            try home.write("container/snapshot", [0, 1, 2])
        }
        try writer.reader("logged-out-damaged-snapshot", "Logged out and a damaged snapshot: logged-out.", section: section, from: try {
            let home = try base.copy(); try home.app.logout(now: ConformanceHome.date(later)); return home
        }(), at: later, intent: .placeholder(.loggedOut)) { home in
            try home.write("container/snapshot", [0, 1, 2])
        }
        try writer.reader("no-keyset-damaged-snapshot", "No keyset and a snapshot cut short: tampered (the envelope is parsed before the keys are looked up).", section: "6.3 (snapshot)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.remove("keychain/keyset")
            try home.edit("container/snapshot") { $0.removeLast() }
        }
        try writer.reader("no-keyset-bad-signature", "No keyset and a snapshot with a bad signature: unknown-key (the keys come before the signature).", section: "6.3 (snapshot)", from: base, at: published, intent: .placeholder(.unknownKey)) { home in
            try home.remove("keychain/keyset")
            try home.edit("container/snapshot") { $0[$0.count - 1] ^= 1 }
        }

        // Files of another installation.
        for file in ["keychain/publisher.pub", "container/onboarding", "container/auth-status", "container/snapshot", "keychain/keyset"] {
            let name = file.split(separator: "/").last!
            try writer.reader("foreign-\(name)", "\(file) taken from another installation.", section: section, from: base, at: published, intent: .refused) { home in
                try home.take(file, from: other)
            }
        }
        try writer.reader("foreign-container", "The whole container of another installation: unknown-key (its records name another signing key).", section: section, from: base, at: published, intent: .placeholder(.unknownKey)) { home in
            for file in ["container/onboarding", "container/auth-status", "container/snapshot"] { try home.take(file, from: other) }
        }
        try writer.reader("foreign-keychain-items", "The pinned key and keyset of another installation: unknown-key (the records name another signing key).", section: section, from: base, at: published, intent: .placeholder(.unknownKey)) { home in
            for file in ["keychain/publisher.pub", "keychain/keyset"] { try home.take(file, from: other) }
        }
        try writer.reader("foreign-all-but-marks", "Every item of another installation but the marks: full (its sequences are not above the marks).", section: section, from: base, at: published, intent: .any) { home in
            for file in ["keychain/publisher.pub", "keychain/keyset", "container/onboarding", "container/auth-status", "container/snapshot"] {
                try home.take(file, from: other)
            }
        }

        try writer.reader("foreign-records-own-snapshot", "The pinned key and records of another installation beside this one's snapshot and keyset: unknown-key (the snapshot names another signing key; a reader that skips that comparison finds the data key and fails the signature instead).", section: "6.3 (snapshot)", from: base, at: published, intent: .placeholder(.unknownKey)) { home in
            for file in ["keychain/publisher.pub", "container/onboarding", "container/auth-status"] { try home.take(file, from: other) }
        }

        // Earlier files of this installation: the marks and the epoch.
        let relogin = try base.copy()
        try relogin.app.logout(now: ConformanceHome.date(later))
        try relogin.login(at: later + 60)
        try relogin.publish(Self.otherAccounts, at: later + 120)
        let now = later + 120
        try writer.reader("old-onboarding", "The onboarding record of the login before: rollback (below its mark).", section: "6.2 (onboarding)", from: relogin, at: now, intent: .placeholder(.rollback)) { home in
            try home.take("container/onboarding", from: base)
        }
        try writer.reader("old-onboarding-no-marks", "The onboarding record of the login before and no marks: tampered (its enrollment differs from the auth status's).", section: "6.2 (auth status)", from: relogin, at: now, intent: .placeholder(.tampered)) { home in
            try home.take("container/onboarding", from: base)
            try home.remove("keychain/marks")
        }
        try writer.reader("old-auth-status", "The auth status of the login before: rollback.", section: "6.2 (auth status)", from: relogin, at: now, intent: .placeholder(.rollback)) { home in
            try home.take("container/auth-status", from: base)
        }
        try writer.reader("old-auth-status-no-marks", "The auth status of the login before and no marks: tampered (another enrollment).", section: "6.2 (auth status)", from: relogin, at: now, intent: .placeholder(.tampered)) { home in
            try home.take("container/auth-status", from: base)
            try home.remove("keychain/marks")
        }
        try writer.reader("old-epoch-snapshot", "A snapshot of the epoch before, under its own keyset: rollback.", section: "6.3 (snapshot)", from: relogin, at: now, intent: .placeholder(.rollback)) { home in
            try home.take("container/snapshot", from: base)
            try home.edit("keychain/keyset") { bytes in
                let old = PlantedKeychain.keysetEntries(try base.bytes("keychain/keyset"))
                bytes = PlantedKeychain.keyset(PlantedKeychain.keysetEntries(bytes) + [PlantedKeychain.entry(old[0], status: 2)])
            }
        }
        try writer.reader("old-epoch-snapshot-no-marks", "A snapshot of the epoch before and no marks: rollback (its epoch is not the auth status's).", section: "6.3 (snapshot)", from: relogin, at: now, intent: .placeholder(.rollback)) { home in
            try home.take("container/snapshot", from: base)
            try home.remove("keychain/marks")
            try home.edit("keychain/keyset") { bytes in
                let old = PlantedKeychain.keysetEntries(try base.bytes("keychain/keyset"))
                bytes = PlantedKeychain.keyset(PlantedKeychain.keysetEntries(bytes) + [PlantedKeychain.entry(old[0], status: 2)])
            }
        }
        try writer.reader("old-epoch-snapshot-old-key", "A snapshot of the epoch before whose key is gone: unknown-key.", section: "6.3 (snapshot)", from: relogin, at: now, intent: .placeholder(.unknownKey)) { home in
            try home.take("container/snapshot", from: base)
        }
        let republished = try base.copy()
        try republished.publish(Self.otherAccounts, at: later)
        try writer.reader("old-snapshot", "The snapshot before the last publish: rollback.", section: "6.3 (snapshot)", from: republished, at: later, intent: .placeholder(.rollback)) { home in
            try home.take("container/snapshot", from: base)
        }
        try writer.reader("old-snapshot-no-marks", "The snapshot before the last publish and no marks: full (nothing shows it is old).", section: "6.3 (snapshot)", from: republished, at: later, intent: .full) { home in
            try home.take("container/snapshot", from: base)
            try home.remove("keychain/marks")
        }
        let locked = try base.copy()
        try locked.app.lock(now: ConformanceHome.date(later))
        try writer.reader("unlocked-auth-put-back", "The active auth status put back over a lock: rollback.", section: "6.2 (auth status)", from: locked, at: later, intent: .placeholder(.rollback)) { home in
            try home.take("container/auth-status", from: base)
        }
        let loggedOut = try base.copy()
        try loggedOut.app.logout(now: ConformanceHome.date(later))
        try writer.reader("logged-in-auth-put-back", "The active auth status put back over a logout: rollback.", section: "6.2 (auth status)", from: loggedOut, at: later, intent: .placeholder(.rollback)) { home in
            try home.take("container/auth-status", from: base)
        }
    }

    // MARK: High-water marks

    func marks() throws {
        let section = "5.3 (high-water marks)"
        let base = try base()
        let onboarding = try base.sequence("container/onboarding")
        let auth = try base.sequence("container/auth-status")
        let snapshot = try base.sequence("container/snapshot")
        func marks(_ o: UInt64, _ a: UInt64, _ s: UInt64) -> HighWaterMarks {
            HighWaterMarks(onboardingSequence: o, authSequence: a, snapshotSequence: s)
        }
        let at = marks(onboarding, auth, snapshot)
        let cases: [(String, String, HighWaterMarks, Bool)] = [
            ("onboarding", "onboarding", marks(onboarding, 0, 0), false),
            ("auth", "auth status", marks(0, auth, 0), false),
            ("snapshot", "snapshot", marks(0, 0, snapshot), false),
        ]
        for (name, what, mark, _) in cases {
            for (relation, delta) in [("below", -1), ("at", 0), ("above", 1)] {
                var planted = mark
                func shift(_ value: inout UInt64) { if value > 0 { value = UInt64(Int64(value) + Int64(delta)) } }
                shift(&planted.onboardingSequence)
                shift(&planted.authSequence)
                shift(&planted.snapshotSequence)
                try writer.reader("mark-\(name)-\(relation)", "The \(what) mark one \(relation == "at" ? "equal to" : relation) its sequence: \(delta > 0 ? "rollback" : "full").", section: section, from: base, at: published, intent: delta > 0 ? .placeholder(.rollback) : .full) { home in
                    try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(planted, generation: 1)))
                }
                try writer.reader("mark-v1-\(name)-\(relation)", "A v1 marks file with the \(what) mark \(relation) its sequence: \(delta > 0 ? "rollback" : "full").", section: section, from: base, at: published, intent: delta > 0 ? .placeholder(.rollback) : .full) { home in
                    try home.write("keychain/marks", PlantedKeychain.version1Marks(planted))
                }
            }
        }
        try writer.reader("mark-max", "Every mark at 2^64 − 1: rollback.", section: section, from: base, at: published, intent: .placeholder(.rollback)) { home in
            try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(marks(.max, .max, .max), generation: 1)))
        }
        let high = marks(onboarding, auth, snapshot + 1)
        let slotCases: [(String, String, UInt64?, HighWaterMarks, UInt64?, HighWaterMarks, Bool)] = [
            ("equal-generations-slot0-high", "Both slots at generation 5, slot 0 above the snapshot: slot 0 wins (rollback).", 5, high, 5, at, true),
            ("equal-generations-slot1-high", "Both slots at generation 5, slot 1 above the snapshot: slot 0 wins (full).", 5, at, 5, high, false),
            ("newer-slot1", "Slot 1 newer (6 > 5) and above the snapshot: rollback.", 5, at, 6, high, true),
            ("newer-slot0", "Slot 0 newer (6 > 5) and above the snapshot: rollback.", 6, high, 5, at, true),
            ("older-slot-high", "The older slot above the snapshot, the newer at it: full.", 5, high, 6, at, false),
            ("even-generation-in-slot1", "A planted file with generation 8 in slot 1 and 7 in slot 0: the higher generation wins wherever it is (rollback).", 7, at, 8, high, true),
            ("generation-max-slot0", "Slot 0 at generation 2^64 − 1 above the snapshot, slot 1 at 1: rollback.", .max, high, 1, at, true),
            ("generation-max-slot1", "Slot 1 at generation 2^64 − 1 above the snapshot, slot 0 at 0: rollback.", 0, at, .max, high, true),
            ("generation-max-at", "Slot 1 at generation 2^64 − 1 at the snapshot, slot 0 at 2^64 − 2 above: full.", .max - 1, high, .max, at, false),
            ("generation-zero", "Slot 1 at generation 0 above the snapshot, slot 0 empty: rollback (generation 0 counts).", nil, at, 0, high, true),
            ("only-slot0", "Only slot 0 written, above the snapshot: rollback.", 1, high, nil, at, true),
            ("only-slot1", "Only slot 1 written, at the snapshot: full.", nil, high, 1, at, false),
        ]
        for (name, description, generation0, marks0, generation1, marks1, rollback) in slotCases {
            try writer.reader("marks-\(name)", description, section: section, from: base, at: published, intent: rollback ? .placeholder(.rollback) : .full) { home in
                try home.write("keychain/marks", PlantedKeychain.marks(
                    slot0: try generation0.map { try PlantedKeychain.slot(marks0, generation: $0) },
                    slot1: try generation1.map { try PlantedKeychain.slot(marks1, generation: $0) }))
            }
        }
        for (byte, field) in [(0, "magic"), (4, "version"), (5, "generation"), (29, "snapshot mark"), (44, "time"), (45, "check"), (52, "check's last byte")] {
            try writer.reader("marks-torn-newer-\(byte)", "The newer slot (above the snapshot) torn at its \(field) byte: the other slot holds (full).", section: section, from: base, at: published, intent: .full) { home in
                var bytes = PlantedKeychain.marks(slot0: try PlantedKeychain.slot(at, generation: 1), slot1: try PlantedKeychain.slot(high, generation: 2))
                bytes[MarksFile.slotOffsets[1] + byte] ^= 0x10
                try home.write("keychain/marks", bytes)
            }
        }
        try writer.reader("marks-both-torn", "Both slots torn: the marks are damaged (tampered).", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            var bytes = PlantedKeychain.marks(slot0: try PlantedKeychain.slot(at, generation: 1), slot1: try PlantedKeychain.slot(high, generation: 2))
            bytes[20] ^= 1
            bytes[MarksFile.slotOffsets[1] + 20] ^= 1
            try home.write("keychain/marks", bytes)
        }
        try writer.reader("marks-no-slot", "A v2-sized file of zeros: no intact slot (tampered).", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: nil))
        }
        try writer.reader("marks-slot-version-1", "A slot with version byte 1 (and a matching check) is not intact: the other slot holds.", section: section, from: base, at: published, intent: .full) { home in
            var slot = try PlantedKeychain.slot(high, generation: 2)
            slot[4] = 1
            slot.replaceSubrange(45..<53, with: try SHA256Hasher.hash(Array(slot[..<45])).prefix(8))
            try home.write("keychain/marks", PlantedKeychain.marks(slot0: try PlantedKeychain.slot(at, generation: 1), slot1: slot))
        }
        for (name, filler) in [("ones", UInt8(0xFF)), ("text", UInt8(ascii: "x"))] {
            try writer.reader("marks-gap-\(name)", "Non-zero bytes between the slots are not read: full.", section: section, from: base, at: published, intent: .full) { home in
                try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(at, generation: 1), between: filler))
            }
        }
        try writer.reader("marks-gap-ones-rollback", "Non-zero bytes between the slots, slot 1 above the snapshot: rollback.", section: section, from: base, at: published, intent: .placeholder(.rollback)) { home in
            try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(high, generation: 1), between: 0xFF))
        }
        for size in [0, 1, 36, 38, 53, 4096, 4148, 4150, 8192] {
            try writer.reader("marks-size-\(size)", "A marks file of \(size) bytes (neither 37 nor 4,149): tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
                var bytes = PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(at, generation: 1))
                bytes = size <= bytes.count ? Array(bytes.prefix(size)) : bytes + [UInt8](repeating: 0, count: size - bytes.count)
                try home.write("keychain/marks", bytes)
            }
        }
        for (name, version) in [("version-0", UInt8(0)), ("version-2", UInt8(2))] {
            try writer.reader("marks-v1-\(name)", "A 37-byte marks file with \(name.replacingOccurrences(of: "-", with: " ")): tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
                try home.write("keychain/marks", PlantedKeychain.version1Marks(at, version: version))
            }
        }
        try writer.reader("marks-v1-bad-magic", "A 37-byte marks file whose magic is not SBHW: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            var bytes = PlantedKeychain.version1Marks(at)
            bytes[0] = UInt8(ascii: "X")
            try home.write("keychain/marks", bytes)
        }
        var future = at
        future.time = published + 30 * 86_400
        try writer.reader("marks-time-ahead", "A clock mark 30 days ahead: a what-if read judges by its own instant (full).", section: "5.3.2 (the clock mark)", from: base, at: published, intent: .full) { home in
            try home.write("keychain/marks", PlantedKeychain.marks(slot0: nil, slot1: try PlantedKeychain.slot(future, generation: 1)))
        }
    }

    // MARK: Keyset

    func keyset() throws {
        let section = "5.2 (data keyset)"
        let base = try base()
        let rotated = try base.copy()
        _ = try rotated.app.rotateKeys(now: ConformanceHome.date(later))
        let own = PlantedKeychain.keysetEntries(try base.bytes("keychain/keyset"))[0]
        let new = PlantedKeychain.keysetEntries(try rotated.bytes("keychain/keyset"))[0]
        func keyset(_ entries: [[UInt8]], count: Int? = nil, version: UInt8 = 1) -> (ConformanceHome) throws -> Void {
            { try $0.write("keychain/keyset", PlantedKeychain.keyset(entries, count: count, version: version)) }
        }
        try writer.reader("rotated", "After a key rotation: full under the new key.", section: section, from: rotated, at: later, intent: .full)
        try writer.reader("rotated-old-snapshot", "After a rotation, the snapshot sealed under the destroyed key: unknown-key.", section: section, from: rotated, at: later, intent: .placeholder(.unknownKey)) { home in
            try home.take("container/snapshot", from: base)
        }
        try writer.reader("rotated-old-keyset", "After a rotation, the keyset before it put back: unknown-key.", section: section, from: rotated, at: later, intent: .placeholder(.unknownKey)) { home in
            try home.take("keychain/keyset", from: base)
        }
        try writer.reader("rotation-midway-new-primary", "Midway through a rotation (new primary, old decrypt-only), the snapshot still under the old key: full.", section: section, from: base, at: published, intent: .full, keyset([new, PlantedKeychain.entry(own, status: 2)]))
        try writer.reader("rotation-midway-order", "Midway through a rotation, the decrypt-only entry first: full.", section: section, from: base, at: published, intent: .full, keyset([PlantedKeychain.entry(own, status: 2), new]))
        try writer.reader("keyset-four-keys", "Four keys, the snapshot's the last (decrypt-only): full.", section: section, from: base, at: published, intent: .full, keyset([new, PlantedKeychain.entry(Self.fakeEntry(1), status: 2), PlantedKeychain.entry(Self.fakeEntry(2), status: 2), PlantedKeychain.entry(own, status: 2)]))
        try writer.reader("keyset-five-keys", "Five keys (more than 4): tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own] + (1...4).map { PlantedKeychain.entry(Self.fakeEntry($0), status: 2) }))
        try writer.reader("keyset-no-key", "A keyset with no key: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([]))
        try writer.reader("keyset-no-primary", "Only a decrypt-only key: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([PlantedKeychain.entry(own, status: 2)]))
        try writer.reader("keyset-two-primaries", "Two primary keys: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own, new]))
        try writer.reader("keyset-duplicate-id", "The same key twice: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own, PlantedKeychain.entry(own, status: 2)]))
        try writer.reader("keyset-snapshot-key-missing", "A valid keyset without the snapshot's key: unknown-key.", section: section, from: base, at: published, intent: .placeholder(.unknownKey), keyset([new]))
        for status: UInt8 in [0, 3, 0xFF] {
            try writer.reader("keyset-status-\(status)", "A key whose status byte is \(status): tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([PlantedKeychain.entry(own, status: status)]))
        }
        try writer.reader("keyset-count-too-high", "A count of 2 over one entry: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own], count: 2))
        try writer.reader("keyset-count-too-low", "A count of 1 over two entries: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own, PlantedKeychain.entry(new, status: 2)], count: 1))
        try writer.reader("keyset-version-2", "A keyset of version 2: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered), keyset([own], version: 2))
        try writer.reader("keyset-wrong-id", "A key id that is not the key's: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            var entry = own
            entry[1] ^= 1
            try home.write("keychain/keyset", PlantedKeychain.keyset([entry]))
        }
        try writer.reader("keyset-key-flipped", "A key byte changed (its id no longer matches): tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            var entry = own
            entry[20] ^= 1
            try home.write("keychain/keyset", PlantedKeychain.keyset([entry]))
        }
        try writer.reader("keyset-bad-magic", "A keyset whose magic is not SBKS: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.edit("keychain/keyset") { $0[0] = UInt8(ascii: "X") }
        }
        try writer.reader("keyset-trailing-byte", "A keyset with one byte more: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.edit("keychain/keyset") { $0.append(0) }
        }
        try writer.reader("keyset-truncated", "A keyset one byte short: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.edit("keychain/keyset") { $0.removeLast() }
        }
        try writer.reader("keyset-empty", "An empty keyset file: tampered.", section: section, from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("keychain/keyset", [])
        }
    }

    /// A keyset entry for a made-up key: status 2, id and key from `seed`, the id matching the key.
    static func fakeEntry(_ seed: UInt8) -> [UInt8] {
        let key = [UInt8](repeating: seed, count: 32)
        let id = (try? SHA256Hasher.hash(Array("SecureBridge data key id v1\0".utf8), key)) ?? []
        return [2] + id.prefix(8) + key
    }

    // MARK: Byte sweeps over the container's files and the pinned key

    func files() throws {
        let base = try base()
        let snapshotFields: [(Int, String)] = [
            (0, "magic"), (3, "magic's last byte"), (4, "version"), (5, "reserved"), (6, "signing key id"), (13, "signing key id's last byte"),
            (14, "data key id"), (21, "data key id's last byte"), (22, "epoch"), (29, "epoch's low byte"), (30, "sequence"),
            (37, "sequence's low byte"), (38, "issuedAt"), (45, "issuedAt's low byte"), (46, "staleAt"), (53, "staleAt's low byte"),
            (54, "expiresAt"), (61, "expiresAt's low byte"), (62, "nonce"), (73, "nonce's last byte"), (74, "length"), (77, "length's low byte"),
            (78, "ciphertext"), (-65, "tag's last byte"), (-64, "signature"), (-1, "signature's last byte"),
        ]
        try sweep("container/snapshot", "snapshot", fields: snapshotFields, section: "4.1 (snapshot envelope)", from: base)
        let recordFields: [(Int, String)] = [
            (0, "magic"), (4, "version"), (5, "kind"), (6, "signing key id"), (13, "signing key id's last byte"), (14, "sequence"),
            (21, "sequence's low byte"), (22, "length"), (23, "length's low byte"), (24, "payload"), (-65, "payload's last byte"),
            (-64, "signature"), (-1, "signature's last byte"),
        ]
        try sweep("container/onboarding", "onboarding record", fields: recordFields, section: "4.2 (signed records)", from: base)
        try sweep("container/auth-status", "auth status", fields: recordFields + [(24 + 25, "flags"), (24 + 26, "enrollment id")], section: "4.2 (signed records)", from: base)
        try writer.reader("onboarding-as-auth-status", "The onboarding record in the auth status's place: tampered (the kind is checked).", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("container/auth-status", try base.bytes("container/onboarding"))
        }
        try writer.reader("auth-status-as-onboarding", "The auth status in the onboarding record's place: tampered.", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("container/onboarding", try base.bytes("container/auth-status"))
        }
        try writer.reader("snapshot-as-record", "The snapshot in the auth status's place: tampered.", section: "4.2 (signed records)", from: base, at: published, intent: .placeholder(.tampered)) { home in
            try home.write("container/auth-status", try base.bytes("container/snapshot"))
        }
        // Only the canonical layout reads (docs/SPEC.md 5.1): the other
        // layouts RFC 7468 allows (CRLF, a blank line) are refused too.
        for (name, change) in [
            ("pem-body-byte", { (bytes: inout [UInt8]) in bytes[40] = bytes[40] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A") }),
            ("pem-no-newline", { (bytes: inout [UInt8]) in bytes.removeLast() }),
            ("pem-label", { (bytes: inout [UInt8]) in bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "PUBLIC KEY", with: "PRIVATE KEY").utf8) }),
            ("pem-empty", { (bytes: inout [UInt8]) in bytes = [] }),
            ("pem-crlf", { (bytes: inout [UInt8]) in bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8) }),
            ("pem-trailing-line", { (bytes: inout [UInt8]) in bytes += Array("\n".utf8) }),
        ] as [(String, (inout [UInt8]) -> Void)] {
            try writer.reader("pinned-key-\(name)", "keychain/publisher.pub altered (\(name.replacingOccurrences(of: "-", with: " "))).", section: "5.1 (pinned key)", from: base, at: published, intent: name == "pem-no-newline" ? .full : .placeholder(.tampered)) { home in
                try home.edit("keychain/publisher.pub", change)
            }
        }
    }

    /// One vector per field of `file` with a bit flipped there (a negative
    /// offset counts from the end), and the file truncated, extended, emptied.
    private func sweep(_ file: String, _ what: String, fields: [(Int, String)], section: String, from base: ConformanceHome) throws {
        let name = file.split(separator: "/").last!
        let size = try base.bytes(file).count
        for (offset, field) in fields {
            let at = offset < 0 ? size + offset : offset
            try writer.reader("\(name)-flip-\(at)", "The \(what) with a bit flipped in its \(field) (byte \(at)).", section: section, from: base, at: published, intent: .refused) { home in
                try home.edit(file) { $0[at] ^= 0x01 }
            }
        }
        try writer.reader("\(name)-truncated", "The \(what) one byte short.", section: section, from: base, at: published, intent: .refused) { home in
            try home.edit(file) { $0.removeLast() }
        }
        try writer.reader("\(name)-header-only", "The \(what) cut after 24 bytes.", section: section, from: base, at: published, intent: .refused) { home in
            try home.edit(file) { $0 = Array($0.prefix(24)) }
        }
        try writer.reader("\(name)-trailing-byte", "The \(what) with one byte more.", section: section, from: base, at: published, intent: .refused) { home in
            try home.edit(file) { $0.append(0) }
        }
        try writer.reader("\(name)-empty", "An empty \(what) file.", section: section, from: base, at: published, intent: .refused) { home in
            try home.write(file, [])
        }
        try writer.reader("\(name)-oversized", "The \(what) followed by 2 MiB of zeros: over its size cap.", section: section, from: base, at: published, intent: .refused) { home in
            try home.edit(file) { $0 += [UInt8](repeating: 0, count: 2 << 20) }
        }
    }

    // MARK: Storage: the StrictModes walk

    func storage() throws {
        let section = "3.2 (storage checks)"
        let base = try base()
        for (place, mode, reason) in [
            ("", 0o700 as mode_t, nil as Reason?), ("", 0o755, nil), ("", 0o775, .insecureStorage), ("", 0o777, .insecureStorage),
            ("", 0o1777, nil),
            ("keychain", 0o700, nil), ("keychain", 0o500, nil), ("keychain", 0o750, .insecureStorage), ("keychain", 0o705, .insecureStorage),
            ("keychain", 0o701, .insecureStorage), ("keychain", 0o710, .insecureStorage), ("keychain", 0o1700, nil),
            ("container", 0o700, nil), ("container", 0o750, nil), ("container", 0o755, nil),
            ("container", 0o770, .insecureStorage), ("container", 0o702, .insecureStorage), ("container", 0o711, nil),
        ] {
            let label = place.isEmpty ? "home" : place
            try writer.reader("mode-\(label)-\(String(mode, radix: 8))", "The \(label) directory with mode \(String(format: "%04o", mode)): \(reason?.rawValue ?? "full").", section: section, from: base, at: published, intent: reason.map { .placeholder($0) } ?? .full) { home in
                try home.setMode(place, mode)
            }
        }
        for file in ["keychain/keyset", "keychain/publisher.pub", "keychain/marks", "keychain/store", "container/onboarding", "container/auth-status", "container/snapshot", "container/reload-token"] {
            let name = file.split(separator: "/").last!
            let fileModes: [mode_t] = file == "container/reload-token" ? [0o644] : [0o400, 0o640, 0o604, 0o660, 0o606]
            for mode in fileModes {
                try writer.reader("mode-\(name)-\(String(mode, radix: 8))", "\(file) with mode \(String(format: "%04o", mode)).", section: section, from: base, at: published, intent: .any) { home in
                    if !FileManager.default.fileExists(atPath: home.path(file)) { try home.write(file, Array("files\n".utf8)) }
                    try home.setMode(file, mode)
                }
            }
        }
        for file in ["keychain/keyset", "keychain/marks", "container/snapshot", "container/auth-status"] {
            let name = file.split(separator: "/").last!
            try writer.reader("symlink-\(name)", "\(file) a symbolic link to a copy beside it: insecure-storage.", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try FileManager.default.moveItem(atPath: home.path(file), toPath: home.path(file + ".real"))
                try FileManager.default.createSymbolicLink(atPath: home.path(file), withDestinationPath: "\(name).real")
            }
            try writer.reader("hardlink-\(name)", "\(file) with a second hard link beside it: insecure-storage.", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                guard link(home.path(file), home.path(file + ".link")) == 0 else { throw Errno(rawValue: errno) }
            }
            try writer.reader("fifo-\(name)", "\(file) a FIFO: insecure-storage.", section: section, from: base, at: published, intent: .refused) { home in
                try home.remove(file)
                guard mkfifo(home.path(file), 0o600) == 0 else { throw Errno(rawValue: errno) }
            }
            try writer.reader("directory-\(name)", "\(file) a directory: insecure-storage.", section: section, from: base, at: published, intent: .refused) { home in
                try home.remove(file)
                guard mkdir(home.path(file), 0o700) == 0 else { throw Errno(rawValue: errno) }
            }
        }
        for place in ["keychain", "container"] {
            try writer.reader("symlink-\(place)", "The \(place) place a symbolic link to a directory beside it: insecure-storage.", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try FileManager.default.moveItem(atPath: home.path(place), toPath: home.path(place + "-real"))
                try FileManager.default.createSymbolicLink(atPath: home.path(place), withDestinationPath: "\(place)-real")
            }
            try writer.reader("file-\(place)", "The \(place) place a regular file: \(place == "keychain" ? "insecure-storage" : "insecure-storage").", section: section, from: base, at: published, intent: .refused) { home in
                try FileManager.default.removeItem(atPath: home.path(place))
                try home.write(place, [0])
            }
        }
        try writer.reader("extra-file-container", "An unknown file in the container: ignored (full).", section: section, from: base, at: published, intent: .full) { home in
            try home.write("container/notes.txt", Array("hello\n".utf8))
        }
        try writer.reader("extra-file-keychain-open", "An unknown file open to others in the keychain: ignored (full).", section: section, from: base, at: published, intent: .any) { home in
            try home.write("keychain/notes.txt", Array("hello\n".utf8))
            try home.setMode("keychain/notes.txt", 0o644)
        }
    }
}

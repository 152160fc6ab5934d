#if os(Linux)
import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeDesktop
@testable import SecureBridgeTestSupport

/// `login --keychain tpm` run by the real `bridgectl` against a software
/// TPM (swtpm): the home reads on the machine whose TPM sealed it, and a copy
/// read through another TPM, a cleared TPM, a damaged sealed key, a TPM that
/// does not answer or one closed to the user shows `keychain-unavailable`
/// and no amount, the files untouched; showing less needs no TPM; a
/// follower comes to that view when the TPM goes, and back when it returns.
@Suite(.sweep, .serialized) struct TPMKeychainStoreTests {
    /// A home whose commands go to one TPM unless told another.
    struct SealedHome {
        let fixture: BridgeFixture
        let machine: SoftwareTPM

        /// A home logged in with `--keychain tpm` through `machine`, the first accounts published.
        init(machine: SoftwareTPM) async throws {
            fixture = try BridgeFixture()
            self.machine = machine
            let login = try await run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "tpm"], input: "2468\n")
            #expect(login.succeeded, "\(login)")
            let publish = try await run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self))
            #expect(publish.succeeded, "\(publish)")
        }

        func run(_ arguments: [String], through other: [String: String]? = nil, input: String = "", launcher: [String] = [])
            async throws -> Bridgectl.Output
        {
            try await Bridgectl.start(arguments + ["--home", fixture.root], setting: other ?? machine.environment, launcher: launcher)
                .finish(input: Array(input.utf8))
        }

        func read(through other: [String: String]? = nil, launcher: [String] = []) async throws -> Bridgectl.Output {
            try await run(["read", "--format", "json"], through: other, launcher: launcher)
        }

        /// Every file in the home and its bytes.
        func storedFiles() throws -> [String: Data] {
            let paths = try FileManager.default.subpathsOfDirectory(atPath: fixture.root)
            return try Dictionary(uniqueKeysWithValues: paths.compactMap { path in
                let full = fixture.root + "/" + path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
                return (path, try Data(contentsOf: URL(fileURLWithPath: full)))
            })
        }

        /// `doctor`'s keychain-store line.
        func doctorsFinding(through other: [String: String]? = nil, launcher: [String] = []) async throws -> String {
            let doctor = try await run(["doctor"], through: other, launcher: launcher)
            #expect(doctor.status == 1, "\(doctor)")
            #expect(!doctor.stdout.contains("bridgectl logout"), "no fix destroys the keys: \(doctor)")
            return try #require(doctor.stdout.split(separator: "\n").first { $0.contains("keychain store:") }.map(String.init), "\(doctor)")
        }
    }

    static func expectUnavailable(_ output: Bridgectl.Output, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            output.succeeded && output.stdout.contains("keychain-unavailable") && !output.stdout.contains("4,675"), "\(output)",
            sourceLocation: sourceLocation)
    }

    @Test func aHomeSealedToThisTPMReadsHereAndNowhereElse() async throws {
        let there = try SoftwareTPM()
        let home = try await SealedHome(machine: try SoftwareTPM())
        let fixture = home.fixture
        let shown = try await home.read()
        #expect(shown.succeeded && shown.stdout.contains("4,675.00"), "\(shown)")

        // What the keychain directory holds: the sealed key and sealed items, no item in the clear.
        let keychain = try Set(FileManager.default.contentsOfDirectory(atPath: fixture.home.keychain.string))
        #expect(keychain.isSuperset(of: ["tpm-key", "keyset.tpm", "publisher.pub.tpm", "marks.tpm", "passcode.tpm", "store"]), "\(keychain)")
        #expect(keychain.isDisjoint(with: ["keyset", "publisher.pub"]), "\(keychain)")
        let sealedKey = try fixture.bytes(.keychain, "tpm-key")

        // Another machine's TPM, a damaged sealed key, a TPM that does not answer: no amount.
        Self.expectUnavailable(try await home.read(through: there.environment))
        let finding = try await home.doctorsFinding(through: there.environment)
        #expect(finding.contains("the tpm store (sealed to this machine's TPM) cannot be used"), "\(finding)")
        #expect(finding.contains("made by another TPM"), "\(finding)")
        #expect(finding.contains("— fix: read this home on the machine that made it"), "\(finding)")
        await #expect(try home.run(["doctor"]).succeeded, "this machine's TPM opens them")
        var damaged = sealedKey
        damaged[damaged.count - 8] ^= 1
        try fixture.overwrite(.keychain, "tpm-key", with: damaged)
        Self.expectUnavailable(try await home.read())
        try fixture.overwrite(.keychain, "tpm-key", with: sealedKey)
        Self.expectUnavailable(try await home.read(through: ["TSS2_TCTI": "swtpm:host=127.0.0.1,port=1"]))
        let back = try await home.read()
        #expect(back.stdout.contains("4,675.00"), "nothing was lost: \(back)")

        // With the sealed key gone, no write makes a new one beside the items the old one sealed.
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, "tpm-key"))
        let orphaning = try await home.run(["publish", "-"], input: String(decoding: BridgeFixture.otherAccounts, as: UTF8.self))
        #expect(!orphaning.succeeded && orphaning.stderr.contains("missing"), "\(orphaning)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "tpm-key")), "no new key beside the old items")
        try fixture.overwrite(.keychain, "tpm-key", with: sealedKey)
        await #expect(try home.read().stdout.contains("4,675.00"), "the first snapshot still reads")

        // Logout destroys the data keyset's sealed file, as it destroys the keyset in any store.
        let logout = try await home.run(["logout"])
        #expect(logout.succeeded, "\(logout)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset.tpm")))
        let loggedOut = try await home.read()
        #expect(loggedOut.stdout.contains("logged-out") && !loggedOut.stdout.contains("4,675"), "\(loggedOut)")
    }

    /// TPM2_Clear gives the owner hierarchy a new seed: the sealed key no longer loads.
    @Test func aClearedTPMOpensNothingAndDoctorSaysWhy() async throws {
        let home = try await SealedHome(machine: try SoftwareTPM())
        let files = try home.storedFiles()
        try home.machine.clear()
        Self.expectUnavailable(try await home.read())
        let finding = try await home.doctorsFinding()
        #expect(finding.contains("or the TPM was cleared"), "\(finding)")
        #expect(finding.contains("if it was made here, log in again to make new keys"), "\(finding)")
        #expect(try home.storedFiles() == files, "reading changed nothing")
    }

    /// A damaged item, not the sealed key: a damaged keychain file, as in any
    /// store. Widgets show tampered, doctor names the item, and the next
    /// publish replaces damaged marks from the app's state.
    @Test func aDamagedItemIsADamagedKeychainFile() async throws {
        let home = try await SealedHome(machine: try SoftwareTPM())
        try home.fixture.overwrite(.keychain, "marks.tpm", with: Array("damaged".utf8))
        let shown = try await home.read()
        #expect(shown.stdout.contains(#""reason":"tampered""#) && !shown.stdout.contains("4,675"), "\(shown)")
        let doctor = try await home.run(["doctor"])
        #expect(doctor.stdout.contains("the keychain item `marks` (sealed to this machine's TPM) are damaged"), "\(doctor)")
        let publish = try await home.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self))
        #expect(publish.succeeded, "\(publish)")
        await #expect(try home.read().stdout.contains("4,675.00"), "the marks were replaced")
    }

    /// Showing less never needs the TPM: with it stopped, `lock` and hiding
    /// the balances go through; once it is back the widget shows locked. Rotate
    /// and logout destroy the sealed keyset as they destroy the keyset in any
    /// store, and no command leaves an object in the TPM, persistent or loaded.
    @Test func showingLessNeedsNoTPMAndNothingStaysInIt() async throws {
        let home = try await SealedHome(machine: try SoftwareTPM())
        home.machine.stop()
        let lock = try await home.run(["lock"])
        #expect(lock.succeeded && lock.stdout == "Locked.\n", "\(lock)")
        await #expect(try home.run(["prefs", "--hide-balances", "on"]).succeeded)
        Self.expectUnavailable(try await home.read())
        try home.machine.restart()
        let locked = try await home.read()
        #expect(locked.stdout.contains(#""locked""#) && !locked.stdout.contains("4,675"), "\(locked)")
        await #expect(try home.run(["unlock", "--passcode-stdin"], input: "2468").succeeded)
        let hidden = try await home.read()
        #expect(hidden.succeeded && !hidden.stdout.contains("4,675"), "balances stay hidden: \(hidden)")
        await #expect(try home.run(["prefs", "--hide-balances", "off"]).succeeded)

        let keyset = try home.fixture.bytes(.keychain, "keyset.tpm")
        let rotate = try await home.run(["keys", "rotate"])
        #expect(rotate.succeeded, "\(rotate)")
        #expect(try home.fixture.bytes(.keychain, "keyset.tpm") != keyset)
        await #expect(try home.read().stdout.contains("4,675.00"), "the re-sealed snapshot opens with the new key")
        await #expect(try home.run(["logout"]).succeeded)
        let keychain = try Set(FileManager.default.contentsOfDirectory(atPath: home.fixture.home.keychain.string))
        #expect(keychain.isDisjoint(with: ["keyset.tpm", "passcode.tpm"]), "\(keychain)")
        #expect(try home.machine.objects(persistent: true) == [], "nothing persistent")
        #expect(try home.machine.objects(persistent: false) == [], "nothing left loaded")
    }

    /// A device the user cannot open (`/dev/tpmrm0` is `tss`'s): the group is named, no amount.
    @Test func aUserTheTPMIsClosedToIsToldTheGroup() async throws {
        let home = try await SealedHome(machine: try SoftwareTPM())
        let device = home.fixture.root + "-tpmrm0"
        #expect(FileManager.default.createFile(atPath: device, contents: nil, attributes: [.posixPermissions: 0o000]))
        defer { try? FileManager.default.removeItem(atPath: device) }
        // Root opens any file; without the capabilities that let it, root is held to the file's mode as a user is.
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"] : []
        let closed = ["TSS2_TCTI": "device:\(device)"]
        Self.expectUnavailable(try await home.read(through: closed, launcher: launcher))
        let finding = try await home.doctorsFinding(through: closed, launcher: launcher)
        #expect(finding.contains("is closed to this user: add the user to the group that owns it (tss)"), "\(finding)")
        #expect(finding.contains("— fix: `sudo usermod -aG tss \"$USER\"`"), "\(finding)")
        await #expect(try home.read().stdout.contains("4,675.00"), "nothing was lost")
    }

    /// The follower's watch asks the TPM every second: a TPM that hangs or
    /// goes shows `keychain-unavailable` within its timeout, and amounts come
    /// back when it answers again, with no file changed meanwhile.
    @Test(.timeLimit(.minutes(2))) func aFollowerShowsTheTPMGoAndComeBack() async throws {
        let home = try await SealedHome(machine: try SoftwareTPM())
        let follower = try Bridgectl.start(
            ["read", "--follow", "--ignore-desktop-lock", "--format", "waybar", "--home", home.fixture.root],
            setting: home.machine.environment)
        func next(_ expected: String) async throws {
            let line = try #require(await follower.readLine(), "a line for \(expected)")
            #expect(line.contains(expected), "\(line)")
            if expected == "keychain-unavailable" { #expect(!line.contains("4,675"), "\(line)") }
        }
        try await next("4,675.00")
        home.machine.pause()
        try await next("keychain-unavailable")
        home.machine.resume()
        try await next("4,675.00")
        home.machine.stop()
        try await next("keychain-unavailable")
        try home.machine.restart()
        try await next("4,675.00")
        follower.send(SIGTERM)
        #expect(await follower.finish().status == 0)
    }
}
#endif

#if os(Linux)
import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeDesktop
@testable import SecureBridgeTestSupport

/// `login --keychain tpm` run by the real `bridgectl` against a software
/// TPM (swtpm): the home reads on the machine whose TPM sealed it, and a copy
/// read through another TPM, a damaged sealed key or a TPM that does not
/// answer shows `keychain-unavailable` and no amount, the files untouched.
@Suite(.sweep, .serialized) struct TPMKeychainStoreTests {
    @Test func aHomeSealedToThisTPMReadsHereAndNowhereElse() async throws {
        let (here, there) = (try SoftwareTPM(), try SoftwareTPM())
        let fixture = try BridgeFixture()
        let home = fixture.root
        func run(_ arguments: [String], through machine: TPMTransport, input: String = "") async throws -> Bridgectl.Output {
            guard case let .socket(host, port) = machine else { throw TPMError.malformedResponse }
            return try await Bridgectl.start(arguments + ["--home", home], setting: ["TSS2_TCTI": "swtpm:host=\(host),port=\(port)"])
                .finish(input: Array(input.utf8))
        }
        func read(through machine: TPMTransport) async throws -> Bridgectl.Output {
            try await run(["read", "--format", "json"], through: machine)
        }

        let login = try await run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "tpm"], through: here.transport, input: "2468\n")
        #expect(login.succeeded, "\(login)")
        let publish = try await run(["publish", "-"], through: here.transport, input: String(decoding: BridgeFixture.accounts, as: UTF8.self))
        #expect(publish.succeeded, "\(publish)")
        let shown = try await read(through: here.transport)
        #expect(shown.succeeded && shown.stdout.contains("4,675.00"), "\(shown)")

        // What the keychain directory holds: the sealed key and sealed items, no item in the clear.
        let keychain = try Set(FileManager.default.contentsOfDirectory(atPath: fixture.home.keychain.string))
        #expect(keychain.isSuperset(of: ["tpm-key", "keyset.tpm", "publisher.pub.tpm", "marks.tpm", "passcode.tpm", "store"]), "\(keychain)")
        #expect(keychain.isDisjoint(with: ["keyset", "publisher.pub"]), "\(keychain)")
        let sealedKey = try fixture.bytes(.keychain, "tpm-key")

        // Another machine's TPM, a damaged sealed key, a TPM that does not answer: no amount.
        let elsewhere = try await read(through: there.transport)
        #expect(elsewhere.succeeded && elsewhere.stdout.contains("keychain-unavailable") && !elsewhere.stdout.contains("4,675"), "\(elsewhere)")
        let doctor = try await run(["doctor"], through: there.transport)
        #expect(doctor.status == 1, "\(doctor)")
        let finding = try #require(doctor.stdout.split(separator: "\n").first { $0.contains("keychain store:") }, "\(doctor)")
        #expect(finding.contains("the tpm store (sealed to this machine's TPM) cannot be used"), "\(finding)")
        #expect(finding.contains("made by another TPM"), "\(finding)")
        #expect(finding.contains("— fix: read this home on the machine that made it"), "\(finding)")
        #expect(!doctor.stdout.contains("bridgectl logout"), "no fix destroys the keys: \(doctor)")
        await #expect(try run(["doctor"], through: here.transport).succeeded, "this machine's TPM opens them")
        var damaged = sealedKey
        damaged[damaged.count - 8] ^= 1
        try fixture.overwrite(.keychain, "tpm-key", with: damaged)
        let tampered = try await read(through: here.transport)
        #expect(tampered.stdout.contains("keychain-unavailable") && !tampered.stdout.contains("4,675"), "\(tampered)")
        try fixture.overwrite(.keychain, "tpm-key", with: sealedKey)
        let silent = try await read(through: .socket(host: "127.0.0.1", port: 1))
        #expect(silent.stdout.contains("keychain-unavailable") && !silent.stdout.contains("4,675"), "\(silent)")
        let back = try await read(through: here.transport)
        #expect(back.stdout.contains("4,675.00"), "nothing was lost: \(back)")

        // With the sealed key gone, no write makes a new one beside the items the old one sealed.
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, "tpm-key"))
        let orphaning = try await run(["publish", "-"], through: here.transport, input: String(decoding: BridgeFixture.otherAccounts, as: UTF8.self))
        #expect(!orphaning.succeeded && orphaning.stderr.contains("missing"), "\(orphaning)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "tpm-key")), "no new key beside the old items")
        try fixture.overwrite(.keychain, "tpm-key", with: sealedKey)
        await #expect(try read(through: here.transport).stdout.contains("4,675.00"), "the first snapshot still reads")

        // Logout destroys the data keyset's sealed file, as it destroys the keyset in any store.
        let logout = try await run(["logout"], through: here.transport)
        #expect(logout.succeeded, "\(logout)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.keychain, "keyset.tpm")))
        let loggedOut = try await read(through: here.transport)
        #expect(loggedOut.stdout.contains("logged-out") && !loggedOut.stdout.contains("4,675"), "\(loggedOut)")
    }
}
#endif

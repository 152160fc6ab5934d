import Foundation
import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTesting

/// The simulated Secret Service the power-loss explorer runs the app with:
/// its item writes are in the recording, each one atomic and durable.
@Suite struct SimulatedKeyringStoreTests {
    @Test func aLoginsItemWritesAreSingleDurableOperationsAndACutFallsBetweenThem() throws {
        KeychainStoreKind.register(SimulatedKeyringStore.kind)
        let platform = SimulatedPlatform()
        for directory in ["/simulated", SimulatedKeyringStore.directory] {
            try platform.makeDirectory(at: FilePath(directory), permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute])
        }
        platform.writeBack()  // the keyring's collection is on storage before the login
        let home = BridgeHome(root: FilePath(PowerLossExplorer.root), platform: platform)
        let app = BridgeApp(home: home, passcodeCost: .testing)
        try SimulatedKeyringStore.$platform.withValue(platform) {
            try app.login(
                user: "alice", passcode: PowerLossExplorer.passcode, sessionLength: .seconds(3600),
                keychain: SimulatedKeyringStore.kind, now: Date(timeIntervalSince1970: 1_795_000_000))
        }
        let operations = platform.operations
        func itemWrite(_ name: String) throws -> Int {
            try #require(operations.firstIndex {
                if case .replaceItem(let bytes?) = $0.kind { return bytes.count > 0 && $0.path.hasSuffix(".\(name)") }
                return false
            }, "the login writes the \(name) item through the store")
        }
        let keyset = try itemWrite(StoredFile.keyset.name), verifier = try itemWrite(StoredFile.passcode.name)
        #expect(keyset < verifier)
        #expect(!operations.contains { $0.path.hasPrefix(PowerLossExplorer.root + "/keychain/keyset") }, "no keyset file beside the store")

        // Right after the keyset's write: every state of either model holds the keyset, whole, and no verifier.
        guard case .replaceItem(let written?) = operations[keyset].kind else { return }
        for family in SimulatedCrashFamily.allCases {
            for model in platform.crashModels(afterOperation: keyset + 1, family: family, limit: 64, seed: 1) {
                let crashed = platform.crashState(afterOperation: keyset + 1, model: model)
                let items = crashed.entries(ofDirectory: SimulatedKeyringStore.directory) ?? []
                let keysetItem = try #require(items.first { $0.hasSuffix(".\(StoredFile.keyset.name)") }, "\(model) lost a durable item")
                #expect(crashed.contents(ofFile: SimulatedKeyringStore.directory + "/" + keysetItem) == written, "\(model)")
                #expect(!items.contains { $0.hasSuffix(".\(StoredFile.passcode.name)") }, "\(model)")
            }
        }
    }
}

import SecureBridge
import Testing

/// `import SecureBridge` alone is enough for a public signature that names a
/// swift-system type: this file imports nothing else, so it stops compiling
/// if the core stops re-exporting what its signatures use.
@Suite struct ImportAloneTests {
    @Test func aHomeIsMadeFromAFilePathWithTheCoreAloneImported() {
        let path: FilePath = "/var/lib/securebridge-example"
        let home = BridgeHome(root: path)
        #expect(home.app == path.appending("app"))
        let refused: Errno = .notDirectory
        #expect(refused != .noSuchFileOrDirectory)
    }
}

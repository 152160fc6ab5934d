import Foundation
import SystemPackage
// Tests build in debug, where the core is built for testing; a release build
// of every target (`swift build -c release`) sees its package API only.
#if DEBUG
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
#else
import SecureBridge
#endif

/// A fresh home in a temporary directory with an app and a widget on it;
/// removed when the fixture goes away.
final class BridgeFixture {
    let root: String
    let home: BridgeHome
    let app: BridgeApp
    let widget: WidgetReader
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let passcode = SecureBytes(copying: Array("2468".utf8))

    static let accounts = Array(#"""
        [{"id":"acc-main","name":"Everyday","balance":"4675.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"},
         {"id":"acc-usd","name":"Dollars","balance":"12850.40","currency":"USD","IBAN":"NL91ABNA0417164300","type":"secondary"}]
        """#.utf8)
    static let otherAccounts = Array(#"""
        [{"id":"acc-main","name":"Everyday","balance":"1.00","currency":"EUR","IBAN":"DE89370400440532013000","type":"main"}]
        """#.utf8)

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/securebridge-test-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
        root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        home = BridgeHome(root: FilePath(root))
        app = BridgeApp(home: home, passcodeCost: .testing)
        widget = WidgetReader(home: home)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Logs in at `start` with a 7-day session and publishes `accounts`.
    func loginAndPublish(_ input: [UInt8] = BridgeFixture.accounts) throws {
        try app.login(user: "alice", passcode: passcode, sessionLength: .seconds(7 * 86400), now: start)
        try app.publish(input, staleAfter: .seconds(3600), expiresAfter: .seconds(24 * 3600), now: start)
    }

    func path(_ place: StoragePlace, _ name: String) -> String {
        home.path(for: place).appending(name).string
    }

    func bytes(_ place: StoragePlace, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(place, name))))
    }

    /// Replaces a file's bytes as an attacker with write access would (keeping mode 0600).
    func overwrite(_ place: StoragePlace, _ name: String, with bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(place, name)))
        chmod(path(place, name), 0o600)
    }

    /// The gate's result at `date`.
    func gate(at date: Date? = nil, whatIf: Bool = false) -> GateResult {
        widget.read(now: date ?? start, whatIf: whatIf).result
    }

    /// The placeholder reason, or nil when the gate let content through.
    func reason(at date: Date? = nil, whatIf: Bool = false) -> Reason? {
        if case let .refused(reason) = gate(at: date, whatIf: whatIf) { return reason }
        return nil
    }

    /// The verified content, when the gate let it through.
    func content(at date: Date? = nil) -> VerifiedContent? {
        if case let .content(content) = gate(at: date) { return content }
        return nil
    }
}

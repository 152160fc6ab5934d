import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeDoctor
@testable import SecureBridgeTestSupport

@Suite struct DoctorTests {
    #if CryptoKit
    @Test func cryptoIsCryptoKitWithEveryAlgorithm() {
        let finding = Doctor.cryptoFinding()
        #expect(finding.check == .crypto)
        #expect(finding.severity == .ok)
        #expect(finding.message.hasPrefix("CryptoKit"))
    }
    #else
    @Test func cryptoIsTheLinkedInOpenSSL3WithEveryAlgorithm() {
        let finding = Doctor.cryptoFinding()
        #expect(finding.check == .crypto)
        #expect(finding.severity == .ok)
        #expect(finding.message.hasPrefix("OpenSSL 3."))
        #expect(finding.message.contains("linked in"))
    }
    #endif

    @Test(arguments: [
        ("/home/alice/.local/share/securebridge", "/home/alice/.local/share/securebridge"),
        ("/tmp/a b", "'/tmp/a b'"), ("it's", #"'it'\''s'"#), ("", "''"), ("/tmp/café", "'/tmp/café'"),
        ("$HOME", "'$HOME'"),
    ])
    func pathsInFixesAreQuotedForTheShellWhenNeeded(path: String, quoted: String) {
        #expect(Doctor.quoted(path) == quoted)
    }

    private func examine(_ fixture: BridgeFixture, at date: Date? = nil) -> DoctorReport {
        Doctor(home: fixture.home).examine(now: date ?? fixture.start)
    }

    private func findings(_ report: DoctorReport, _ check: Finding.Check) -> [Finding] {
        report.findings.filter { $0.check == check }
    }

    @Test func aHealthyHomeIsAllOKAndEveryCheckSpeaks() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let report = examine(fixture)
        #expect(report.findings.allSatisfy { $0.severity == .ok && $0.fix == nil }, "\(report.text)")
        #expect(report.isHealthy)
        #expect(report.isAllOK)
        #expect(Set(report.findings.map(\.check)) == Set(Finding.Check.allCases))
        #expect(report.text.hasSuffix("\nAll well."))
    }

    @Test func aFreshHomeWarnsAndExplainsTheNotOnboardedPlaceholder() throws {
        let fixture = try BridgeFixture()
        let report = examine(fixture)
        #expect(report.isHealthy)
        #expect(!report.isAllOK)
        #expect(findings(report, .layout).map(\.severity) == [.warning])
        let widget = try #require(findings(report, .widget).first)
        #expect(widget.message.contains("(not-onboarded)"))
        #expect(widget.fix == Reason.notOnboarded.explanation.fix)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(.app, "")), "doctor creates nothing")
    }

    @Test func aMissingKeysetIsAProblemAndTheWidgetShowsUnknownKey() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try FileManager.default.removeItem(atPath: fixture.path(.keychain, "keyset"))
        let report = examine(fixture)
        #expect(!report.isHealthy)
        let keys = findings(report, .keys).filter { $0.severity == .problem }
        #expect(keys.count == 1)
        #expect(keys.first?.message.contains(fixture.path(.keychain, "keyset")) == true)
        #expect(keys.first?.fix?.contains("bridgectl login") == true)
        #expect(findings(report, .widget).first?.message.contains("(unknown-key)") == true)
    }

    @Test func aGroupReadableKeyFileIsAProblemWithAChmodFix() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let path = fixture.path(.app, "signing-key.pem")
        chmod(path, 0o640)
        let report = examine(fixture)
        #expect(!report.isHealthy)
        let refused = findings(report, .permissions)
        #expect(refused.count == 1)
        #expect(refused.first?.severity == .problem)
        #expect(refused.first?.message == "\(path) is readable by group or others (mode 0640); app/ must be closed to them")
        #expect(refused.first?.fix == "`chmod 600 \(path)`")
    }

    /// docs/SPEC.md 3.2: a file its owner cannot read is refused by its mode, as root too.
    @Test func aKeyFileClosedToItsOwnerIsAProblemWithAChmodFix() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let path = fixture.path(.keychain, "keyset")
        chmod(path, 0o200)
        defer { chmod(path, 0o600) }
        let report = examine(fixture)
        #expect(!report.isHealthy)
        let refused = findings(report, .permissions).filter { $0.severity == .problem }
        #expect(refused.first?.message == "\(path) cannot be read by its owner (mode 0200)")
        #expect(refused.first?.fix == "`chmod 600 \(path)`")
        #expect(findings(report, .widget).first?.message.contains("(insecure-storage)") == true)
    }

    @Test func aGroupReadableKeysetMakesTheWidgetRefuseStorage() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        chmod(fixture.path(.keychain, "keyset"), 0o640)
        let report = examine(fixture)
        #expect(findings(report, .permissions).first?.severity == .problem)
        let widget = try #require(findings(report, .widget).first)
        #expect(widget.severity == .problem)
        #expect(widget.message.contains("(insecure-storage)"))
    }

    @Test func aWrongPinnedKeyIsAProblem() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        let stranger = try Ed25519.PrivateKey().publicKey
        try fixture.overwrite(.keychain, "publisher.pub", with: Array(stranger.pemRepresentation.utf8))
        let report = examine(fixture)
        let pin = try #require(findings(report, .pinnedKey).first)
        #expect(pin.severity == .problem)
        #expect(pin.message.contains("\(stranger.keyID)"))
        #expect(pin.fix?.contains("openssl pkey -in") == true)
        #expect(findings(report, .widget).first?.severity == .problem)
        #expect(!report.isHealthy)
    }

    @Test func anExpiredSessionWarnsAndExplainsTheSessionExpiredPlaceholder() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()  // a 7-day session
        let report = examine(fixture, at: fixture.start + 8 * 86400)
        let session = try #require(findings(report, .session).first)
        #expect(session.severity == .warning)
        #expect(session.message.hasPrefix("the session expired at "))
        #expect(session.fix == "log in again: `bridgectl login --user alice`", "the user the app state records")
        #expect(findings(report, .widget).first?.message.contains("(session-expired)") == true)
        #expect(findings(report, .snapshot).first?.message.contains("expired") == true)
        #expect(report.isHealthy, "warnings alone leave the exit status 0")
        #expect(!report.isAllOK)
    }

    @Test func aLeftoverTemporaryFileIsNamed() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.overwrite(.container, ".snapshot.tmp-0123456789abcdef", with: [1, 2, 3])
        let report = examine(fixture)
        let leftover = try #require(findings(report, .temporaryFiles).first)
        #expect(leftover.severity == .warning)
        #expect(leftover.message.contains(".snapshot.tmp-0123456789abcdef"))
        #expect(leftover.message.hasPrefix("1 leftover temporary file in \(fixture.home.container)"))
    }

    @Test func aClockBehindTheWidgetsTimeMarkWarns() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        _ = fixture.widget.read(now: fixture.start + 7200)  // a widget saw this time
        let report = examine(fixture, at: fixture.start)
        let clock = try #require(findings(report, .clock).first)
        #expect(clock.severity == .warning)
        #expect(clock.message.contains("is 2 h behind the latest time a widget saw"))
    }

    @Test func aLockedSessionIsNoProblem() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        try fixture.app.lock(now: fixture.start)
        let report = examine(fixture)
        #expect(report.isAllOK, "\(report.text)")
        #expect(findings(report, .widget).first?.message.hasPrefix("the widget masks every amount (locked): ") == true)
    }

    /// A byte changed in each signed container file: doctor names that file
    /// and the check it fails, and following its fix makes the home healthy.
    @Test(arguments: [("onboarding", "signature"), ("auth-status", "signature"), ("snapshot", "signature")])
    func aTamperedFileIsNamedWithItsCauseAndTheFixHeals(name: String, cause: String) throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        var bytes = try fixture.bytes(.container, name)
        bytes[bytes.count - 1] ^= 0x01  // the last byte of the signature
        try fixture.overwrite(.container, name, with: bytes)
        let report = examine(fixture)
        let widget = try #require(findings(report, .widget).first)
        #expect(widget.severity == .problem)
        #expect(widget.message.contains("(tampered): \(fixture.path(.container, name)): "), "\(widget)")
        #expect(widget.message.lowercased().contains(cause), "\(widget)")
        // The fix, followed literally.
        let fix = try #require(widget.fix)
        if fix.contains("bridgectl publish") {
            _ = try fixture.app.publish(BridgeFixture.accounts, staleAfter: .seconds(3600), expiresAfter: .seconds(86_400), now: fixture.start)
        } else {
            #expect(fix.contains("bridgectl logout") && fix.contains("bridgectl login"), "\(fix)")
            try fixture.app.logout(now: fixture.start)
            try fixture.loginAndPublish()
        }
        #expect(examine(fixture).isAllOK, "\(examine(fixture).text)")
    }

    @Test func aSnapshotThatDoesNotDecryptIsNamed() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        // Another home's snapshot signed by another key is unknown-key; a
        // ciphertext changed and signed again needs the signing key: the
        // signature covers the ciphertext, so a changed ciphertext byte is
        // a signature failure, named as such.
        var bytes = try fixture.bytes(.container, "snapshot")
        bytes[bytes.count - 80] ^= 0x01
        try fixture.overwrite(.container, "snapshot", with: bytes)
        let widget = try #require(findings(examine(fixture), .widget).first)
        #expect(widget.message.contains(fixture.path(.container, "snapshot")), "\(widget)")
    }

    @Test func everyReasonHasItsOwnExplanation() {
        var meanings = Set<String>()
        for reason in Reason.allCases {
            let explanation = reason.explanation
            #expect(explanation.reason == reason)
            #expect(!explanation.meaning.isEmpty && !explanation.fix.isEmpty, "\(reason)")
            #expect(meanings.insert(explanation.meaning).inserted, "\(reason) repeats another reason's meaning")
        }
        let broken: Set<Reason> = [.tampered, .rollback, .unknownKey, .insecureStorage]
        for reason in Reason.allCases {
            #expect((reason.explanation.severity == .problem) == broken.contains(reason), "\(reason)")
        }
    }

    @Test func thePlaceholderTheWidgetShowsIsExplainedInOneLine() {
        for reason in Reason.allCases {
            let finding = Doctor.widgetFinding(for: .refused(reason), now: Date(timeIntervalSince1970: 0))
            #expect(finding.message.hasSuffix(": " + reason.explanation.meaning))
            #expect(finding.fix == reason.explanation.fix)
            #expect(!finding.description.contains("\n"))
        }
    }

    @Test func theReportPrintsOneLinePerFindingAndNoData() throws {
        let fixture = try BridgeFixture()
        try fixture.loginAndPublish()
        chmod(fixture.path(.keychain, "keyset"), 0o644)
        let report = examine(fixture, at: fixture.start + 2 * 3600)
        #expect(report.text.split(separator: "\n").count == report.findings.count + 1)
        // The widget's refusal and the snapshot's age follow from the open keyset, the one cause.
        #expect(report.text.hasSuffix("\n1 problem (2 more following from it)."), "\(report.text)")
        #expect(report.causes.count == 1 && report.findings.count { $0.fix != nil && $0.severity != .ok } == 1, "\(report.text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(json["healthy"] as? Bool == false)
        #expect((json["findings"] as? [[String: Any]])?.count == report.findings.count)
        for secret in ["4675", "4,675", "12850", "DE89", "NL91", "Everyday", "Dollars", "alice", "2468"] {
            #expect(!report.text.contains(secret) && !report.json.contains(secret), "\(secret)")
        }
    }
}

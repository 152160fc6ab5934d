import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Attack 9: the passcode. Wrong passcodes back off across processes (the
/// wipe after ten is `SessionTests`), and the passcode never appears in any
/// process's argv or environment, in any file of the home (the verifier holds
/// only an scrypt hash), or in anything a command prints.
@Suite struct PasscodeExposureTests {
    static let passcode = "kestrel-7319"
    static let wrongPasscode = "kestrel-7318"

    /// The passcode as raw bytes and in the encodings a careless program would store it.
    static func forms(of secret: String) -> [[UInt8]] {
        let bytes = Array(secret.utf8)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        return [bytes, Array(hex.utf8), Array(hex.uppercased().utf8), Array(Data(bytes).base64EncodedString().utf8)]
    }

    static func contains(_ haystack: [UInt8], _ secret: String) -> Bool {
        forms(of: secret).contains { form in
            haystack.count >= form.count && (0...(haystack.count - form.count)).contains { haystack[$0..<$0 + form.count].elementsEqual(form) }
        }
    }

    /// Every regular file under `root`, dot files included, that holds a form of either passcode.
    static func filesHoldingAPasscode(under root: String) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var found: [String] = []
        var checked = 0
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            checked += 1
            if contains(bytes, passcode) || contains(bytes, wrongPasscode) { found.append(relative) }
        }
        #expect(checked > 0)
        return found
    }

    @Test func thePasscodeNeverLeavesStandardInput() async throws {
        let fixture = try BridgeFixture()
        let home = ["--home", fixture.root]
        var outputs: [(String, Bridgectl.Output)] = []

        // While login waits for the passcode, no process shows it in argv or environment.
        let login = try Bridgectl.start(["login"] + home + ["--user", "alice", "--passcode-stdin", "--session-ttl", "1h"])
        // The child's argv is readable once its exec has completed; until then it reads empty.
        var own: [[UInt8]] = [[], []]
        for _ in 0..<200 where own[0].isEmpty {
            own = try ["cmdline", "environ"].map { Array(try Data(contentsOf: URL(fileURLWithPath: "/proc/\(login.pid)/\($0)"))) }
            if own[0].isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(String(decoding: own[0], as: UTF8.self).contains("--passcode-stdin"))
        var processes = 0
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") where Int(entry) != nil {
            guard let argv = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")) else { continue }
            processes += 1
            #expect(!Self.contains(Array(argv), Self.passcode), "process \(entry)")
        }
        #expect(processes > 1 && !Self.contains(own[1], Self.passcode))
        // A crash while the passcode is in memory writes no core file. The limit is
        // set first thing in main, which may run a moment after the exec: wait up to 5 s.
        func coreLimit() -> [Substring] {
            let limits = (try? String(contentsOfFile: "/proc/\(login.pid)/limits", encoding: .utf8)) ?? ""
            let line = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
            return Array(line?.split(separator: " ").dropFirst(4).prefix(2) ?? [])
        }
        var core = coreLimit()
        for _ in 0..<500 where core != ["0", "0"] {
            try await Task.sleep(for: .milliseconds(10))
            core = coreLimit()
        }
        #expect(core == ["0", "0"], "core file size limits: \(core)")
        outputs.append(("login", await login.finish(input: Array((Self.passcode + "\n").utf8))))
        #expect(outputs[0].1.status == 0, "\(outputs[0].1)")
        #expect(try Self.filesHoldingAPasscode(under: fixture.root) == [])

        // The CLI has no way to take it from argv.
        let refused = try await Bridgectl.run(["unlock"] + home + ["--passcode", Self.passcode])
        #expect(refused.status == 64)

        let steps: [(String, [String], String?, Int32)] = [
            ("publish", ["publish"] + home + ["-"], String(decoding: BridgeFixture.accounts, as: UTF8.self), 0),
            ("lock", ["lock"] + home, nil, 0),
            ("wrong unlock", ["unlock"] + home + ["--passcode-stdin"], Self.wrongPasscode + "\n", 1),
            ("unlock", ["unlock"] + home + ["--passcode-stdin"], Self.passcode + "\r\n", 0),
            ("status", ["status"] + home + ["--format", "json"], nil, 0),
            ("read", ["read"] + home + ["--format", "json"], nil, 0),
            ("inspect", ["inspect"] + home, nil, 0),
            ("logout", ["logout"] + home, nil, 0),
        ]
        for (name, arguments, input, status) in steps {
            let output = try await Bridgectl.run(arguments, input: Array((input ?? "").utf8))
            #expect(output.status == status, "\(name): \(output)")
            outputs.append((name, output))
            #expect(try Self.filesHoldingAPasscode(under: fixture.root) == [], "after \(name)")
        }
        for (name, output) in outputs + [("refused", refused)] {
            let printed = Array((output.stdout + output.stderr).utf8)
            #expect(!Self.contains(printed, Self.passcode), "\(name)")
            #expect(!Self.contains(printed, Self.wrongPasscode), "\(name)")
        }
    }

    @Test func wrongPasscodesBackOffAcrossProcesses() async throws {
        let fixture = try BridgeFixture.live()
        let home = ["--home", fixture.root]
        await #expect(try Bridgectl.run(["lock"] + home).status == 0)
        for left in [9, 8] {
            let output = try await Bridgectl.run(["unlock"] + home + ["--passcode-stdin"], input: Array("0000\n".utf8))
            #expect(output.status == 1)
            #expect(output.stderr == "Error: The passcode is wrong; \(left) attempts left before the session is wiped.\n")
        }
        // A third wrong passcode from another process (the library, its clock 100 s ahead) starts a delay ...
        let later = Date().addingTimeInterval(100)
        #expect(throws: SessionError(.wrongPasscode(attemptsLeft: 7))) {
            try fixture.app.unlock(passcode: SecureBytes(copying: Array("0000".utf8)), now: later)
        }
        // ... that the next process honours, even for the right passcode: its clock is behind the
        // attempt's, which counts as no time having passed, so the whole one-second delay is left.
        let output = try await Bridgectl.run(["unlock"] + home + ["--passcode-stdin"], input: Array("2468\n".utf8))
        #expect(output.status == 1)
        #expect(output.stderr == "Error: Too many wrong passcodes; try again in 1 second.\n")
        let status = try await Bridgectl.run(["status"] + home + ["--format", "json"])
        #expect((status.json?["failedUnlocks"] as? NSNumber)?.intValue == 3)
        #expect((status.json?["state"] as? String) == "locked")
    }
}

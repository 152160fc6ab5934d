import Foundation
import Testing
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// Issue 11, item 7: a command that holds a key or a passcode is not
/// dumpable, so no core handler (which ignores `RLIMIT_CORE`) ever gets its memory.
///
/// The observable: the kernel gives a non-dumpable process's `/proc/PID/*`
/// files to root. The tests run as root here, so the child runs as another user
/// (`setpriv`), in a home of that user's, blocked on its passcode.
@Suite(.timeLimit(.minutes(1))) struct DumpabilityTests {
    /// The user the child runs as when the test runs as root.
    static let otherUser: uid_t = 65534

    @Test func aCommandWaitingForThePasscodeIsNotDumpable() async throws {
        let fixture = try BridgeFixture()
        let asRoot = geteuid() == 0
        let home = fixture.root + "/home"
        #expect(mkdir(home, 0o700) == 0)
        let command = ["login", "--home", home, "--user", "alice", "--passcode-stdin", "--session-ttl", "1h"]
        let login: Bridgectl.Child
        if asRoot {
            // The fixture's root is root's 0700; let the other user through to the home it owns.
            #expect(chmod(fixture.root, 0o711) == 0 && chown(home, Self.otherUser, gid_t(Self.otherUser)) == 0)
            login = try Bridgectl.Child(
                executable: "/usr/bin/setpriv",
                arguments: ["--reuid=\(Self.otherUser)", "--regid=\(Self.otherUser)", "--clear-groups", try Bridgectl.binary.get()]
                    + command)
        } else {
            login = try Bridgectl.start(command)
        }
        let user = asRoot ? Self.otherUser : geteuid()
        // Wait until the exec is done (the process runs as `user`, under bridgectl's name),
        // then give main up to 5 s to protect itself while it waits for the passcode.
        var execed = false
        for _ in 0..<500 where !execed {
            let status = (try? String(contentsOfFile: "/proc/\(login.pid)/status", encoding: .utf8)) ?? ""
            execed = status.contains("Name:\tbridgectl") && status.contains("Uid:\t\(user)\t")
            if !execed { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(execed, "the child never became bridgectl running as uid \(user)")
        var owner: uid_t = user
        for _ in 0..<500 where owner != 0 {
            var status = stat()
            if stat("/proc/\(login.pid)/status", &status) == 0 { owner = status.st_uid }
            if owner != 0 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(owner == 0, "/proc/\(login.pid)/status belongs to uid \(owner): the process is dumpable")
        let end = await login.finish(input: Array("kestrel-7319\n".utf8))
        #expect(end.status == 0, "\(end)")
    }

    /// The sentence a command stops with when the process cannot be protected.
    @Test func aProcessThatCannotBeProtectedSaysSoInOneSentence() {
        #expect(ProcessHardeningError(errno: .permissionDenied).description
            == "Could not mark this process non-dumpable (prctl PR_SET_DUMPABLE: \(Errno.permissionDenied.description)), so a crash could dump keys or a passcode; stopping before touching any.")
    }
}

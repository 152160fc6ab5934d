import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// A command that reads a file or standard input does not wait, silently, for
/// input typed by hand when standard input is a terminal: it says what to pass.
@Suite struct TerminalInputTests {
    /// Runs the command with a pseudo-terminal as its standard input (and its
    /// output still captured): Python opens the pair and execs the command,
    /// keeping the other end open (a terminal whose other end is closed is hung up).
    static let onATerminal = [
        "/usr/bin/python3", "-c",
        "import os, sys; main, terminal = os.openpty(); os.set_inheritable(main, True); os.dup2(terminal, 0); os.execv(sys.argv[1], sys.argv[1:])",
    ]

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func publishWithNoFileOnATerminalRefusesWithAHintAndChangesNothing() async throws {
        try await EndToEndHome.with { home in
            try await home.login()
            let result = try await Bridgectl.run(["publish", "--home", home.home], unsetting: [], launcher: Self.onATerminal)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("Standard input is a terminal, not a file or a pipe"), "\(result)")
            #expect(result.stderr.contains("bridgectl publish accounts.json"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: home.path("container/snapshot")))
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func inspectOfStandardInputOnATerminalRefusesWithAHint() async throws {
        let result = try await Bridgectl.run(["inspect", "-"], unsetting: [], launcher: Self.onATerminal)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Standard input is a terminal") && result.stderr.contains("bridgectl inspect"), "\(result)")
    }
}

/// A new passcode typed on the terminal is asked for twice.
@Suite struct PasscodeConfirmationTests {
    /// Runs `bridgectl ARGUMENTS` on a new pseudo-terminal (its controlling
    /// terminal, where the passcode prompt goes), answers each prompt in
    /// turn once it appears, and exits with the command's status; what the
    /// terminal showed goes to standard output.
    static let answeringPrompts = """
        import os, pty, sys
        answers = sys.argv[1].split(",")
        pid, terminal = pty.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        shown = b""
        def read():
            global shown
            try:
                chunk = os.read(terminal, 1024)
            except OSError:
                return False
            shown += chunk
            return bool(chunk)
        for prompted, answer in enumerate(answers):
            while shown.count(b": ") <= prompted and read():
                pass
            os.write(terminal, answer.encode() + b"\\n")
        while read():
            pass
        sys.stdout.write(shown.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """

    static func login(typing answers: [String], home: EndToEndHome) async throws -> Bridgectl.Output {
        try await Bridgectl.run(
            ["login", "--user", "alice", "--home", home.home], unsetting: [],
            launcher: ["/usr/bin/python3", "-c", answeringPrompts, answers.joined(separator: ",")])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func twoDifferentPasscodesChangeNothing() async throws {
        try await EndToEndHome.with { home in
            let result = try await Self.login(typing: ["2468", "2469"], home: home)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.contains("Choose a passcode (at least 4 characters): ") && result.stdout.contains("Type it again: "), "\(result)")
            #expect(result.stdout.contains("The two passcodes typed differ; nothing was changed."), "\(result)")
            #expect(!result.stdout.contains("2468") && !result.stdout.contains("2469"), "echo is off: \(result)")
            #expect(!FileManager.default.fileExists(atPath: home.path("app/passcode")))
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func theSamePasscodeTwiceLogsIn() async throws {
        try await EndToEndHome.with { home in
            let result = try await Self.login(typing: ["2468", "2468"], home: home)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("Logged in as alice"), "\(result)")
            let unlock = try await home.bridgectl(["unlock", "--passcode-stdin"], standardInput: "2468\n")
            #expect(unlock.succeeded, "\(unlock)")
        }
    }
}

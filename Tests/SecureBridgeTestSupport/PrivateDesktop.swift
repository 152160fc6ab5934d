import Foundation
import Testing

/// A private session bus (`dbus-daemon --session`), stopped at the end: what
/// a desktop session gives its programs, for the desktop-lock and Secret
/// Service tests.
final class PrivateSessionBus {
    let daemon = Process()
    let address: String
    private let configuration: URL?

    /// - Parameter activating: Whether the bus starts services on demand, as a
    ///   desktop's does (`false`: nothing answers a name nobody owns, so a
    ///   missing keyring stays missing).
    init(activating: Bool = true) throws {
        let output = Pipe()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        if activating {
            configuration = nil
            daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        } else {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString).conf")
            try Self.configurationWithoutServices.write(to: file, atomically: true, encoding: .utf8)
            configuration = file
            daemon.arguments = ["--config-file=\(file.path)", "--nofork", "--print-address=1"]
        }
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else { throw DesktopFailure("dbus-daemon gave no address: '\(address)'") }
    }

    /// A session bus that listens, lets its user in and starts nothing.
    private static let configurationWithoutServices = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """

    /// Runs `dbus-send` on this bus and returns what it printed.
    @discardableResult
    func send(_ arguments: [String]) throws -> String {
        try Desktop.run("/usr/bin/dbus-send", arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address])
    }

    /// Emits the screensaver's `ActiveChanged` on this bus.
    func screenSaver(active: Bool) throws {
        try send(["--type=signal", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver.ActiveChanged", "boolean:\(active)"])
    }

    deinit {
        // A child of the test process starts with its signals blocked, SIGTERM included.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        if let configuration { try? FileManager.default.removeItem(at: configuration) }
    }
}

/// GNOME Keyring's Secret Service on a private bus, with a login keyring
/// made and unlocked from a test password in a temporary data directory,
/// stopped and removed at the end. It fails, saying why, when the daemon
/// is not installed or does not come up: these tests never skip.
final class PrivateKeyring {
    let bus: PrivateSessionBus
    private var daemon = Process()
    private let directory: URL
    private static let executable = "/usr/bin/gnome-keyring-daemon"

    /// - Parameter activating: Whether the bus starts a daemon when a client
    ///   asks for the Secret Service while none runs, as a desktop's does
    ///   (`false`: only the test starts one, so a test decides what it holds).
    init(activating: Bool = true) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw DesktopFailure("gnome-keyring-daemon is not installed: the Secret Service tests need it (apt-get install gnome-keyring libsecret-tools)")
        }
        bus = try PrivateSessionBus(activating: activating)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try start(unlocking: true)
    }

    /// Stops the daemon and starts another on the same bus, as D-Bus
    /// activation does after the daemon died: without the password its login
    /// keyring stays locked, and without its keyrings (moved aside, and back
    /// at the next restart that has them) it has no default collection.
    func restart(unlocking: Bool, withLoginKeyring: Bool = true) throws {
        try stop()
        let keyrings = directory.appendingPathComponent("data/keyrings")
        let aside = directory.appendingPathComponent("data/keyrings.aside")
        let manager = FileManager.default
        if withLoginKeyring, manager.fileExists(atPath: aside.path) {
            if manager.fileExists(atPath: keyrings.path) { try manager.removeItem(at: keyrings) }
            try manager.moveItem(at: aside, to: keyrings)
        } else if !withLoginKeyring, manager.fileExists(atPath: keyrings.path) {
            try manager.moveItem(at: keyrings, to: aside)
        }
        daemon = Process()
        try start(unlocking: unlocking)
    }

    /// Kills the daemon and waits until the bus says the name has no owner.
    func stop() throws {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        for _ in 0..<200 {
            guard try ownsName() else { break }
            usleep(25_000)
        }
    }

    private func start(unlocking: Bool) throws {
        daemon.executableURL = URL(fileURLWithPath: Self.executable)
        daemon.arguments = ["--foreground"] + (unlocking ? ["--unlock"] : []) + ["--components=secrets"]
        daemon.environment = environment
        let password = Pipe()
        daemon.standardInput = unlocking ? password : FileHandle.nullDevice
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        if unlocking {
            password.fileHandleForWriting.write(Data("test password".utf8))
            try password.fileHandleForWriting.close()
        }
        for _ in 0..<800 {  // 20 s: a daemon starting on a machine busy with the other suites
            if try ownsName() { return }
            guard daemon.isRunning else { break }
            usleep(25_000)
        }
        throw DesktopFailure("gnome-keyring-daemon did not take the name org.freedesktop.secrets on the private bus")
    }

    /// Whether a process owns `org.freedesktop.secrets` on the bus.
    private func ownsName() throws -> Bool {
        try bus.send([
            "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
        ]).contains("boolean true")
    }

    /// The variables a program in this desktop session has: the bus, and where the keyring keeps its files.
    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": directory.path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "XDG_RUNTIME_DIR": directory.path, "PATH": "/usr/bin:/bin",
        ]
    }

    /// Runs `secret-tool arguments…` in this session and returns what it
    /// printed (`search` prints the attributes on standard error).
    func secretTool(_ arguments: [String]) throws -> String {
        try Desktop.run("/usr/bin/secret-tool", arguments, environment: environment, allowingFailure: true, withErrors: true)
    }

    /// The `item` attribute of every SecureBridge item in the keyring, sorted.
    func secureBridgeItems() throws -> [String] {
        try secretTool(["search", "--all", "application", "securebridge"])
            .split(separator: "\n")
            .compactMap { line in line.hasPrefix("attribute.item = ") ? String(line.dropFirst("attribute.item = ".count)) : nil }
            .sorted()
    }

    /// Locks the login collection (no prompt needed to lock).
    func lock() throws {
        try bus.send([
            "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
            "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
        ])
    }

    deinit {
        // As for the bus: SIGTERM would stay blocked.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A fresh home, and `bridgectl` run on it in a private keyring's session.
struct KeyringSession {
    let keyring: PrivateKeyring
    let fixture: BridgeFixture

    init(activating: Bool = true) throws {
        keyring = try PrivateKeyring(activating: activating)
        fixture = try BridgeFixture()
    }

    /// A session whose user logged in with the keychain in the Secret Service and published the fixture's accounts.
    static func published(activating: Bool = true) async throws -> KeyringSession {
        let session = try KeyringSession(activating: activating)
        let login = try await session.run(["login", "--user", "alice", "--passcode-stdin", "--keychain", "secret-service"], input: "2468")
        #expect(login.succeeded, "\(login)")
        let publish = try await session.run(["publish", "-"], input: String(decoding: BridgeFixture.accounts, as: UTF8.self))
        #expect(publish.succeeded, "\(publish)")
        return session
    }

    /// Runs `bridgectl arguments… --home HOME` in the keyring's session, `input` on its standard input.
    func run(_ arguments: [String], input: String = "") async throws -> Bridgectl.Output {
        try await Bridgectl.start(arguments + ["--home", fixture.root], setting: keyring.environment).finish(input: Array(input.utf8))
    }
}

/// Why a private desktop could not be set up.
struct DesktopFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum Desktop {
    /// Runs `executable` to completion and returns its standard output.
    /// - Throws: `DesktopFailure` when it exits non-zero, unless `allowingFailure`.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], allowingFailure: Bool = false,
        withErrors: Bool = false
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = withErrors ? output : FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 || allowingFailure else {
            throw DesktopFailure("\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A Unix socket that takes connections and never answers: a keyring (or a
/// bus) that hangs.
final class SilentSocket {
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString.prefix(8))").path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            throw DesktopFailure("could not listen on \(path): errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}

#if os(Linux)
import Foundation
@testable import SecureBridgeDesktop

/// A software TPM (swtpm) in a state directory of its own, its command
/// socket on a free local port, stopped and removed when this goes. It can
/// be paused (a TPM that hangs), stopped and started again on its port with
/// its state (a TPM gone and back), and cleared (a new owner seed).
final class SoftwareTPM {
    let transport: TPMTransport
    private var pid: pid_t
    private let state: String

    /// `TSS2_TCTI` naming this TPM, for a `bridgectl` child.
    var environment: [String: String] {
        guard case let .socket(host, port) = transport else { return [:] }
        return ["TSS2_TCTI": "swtpm:host=\(host),port=\(port)"]
    }

    init() throws {
        state = FileManager.default.temporaryDirectory.path + "/securebridge-swtpm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for _ in 0..<20 {
            let port = UInt16.random(in: 20_000...60_000)
            guard let pid = Self.launch(state: state, port: port) else { continue }
            self.pid = pid
            self.transport = .socket(host: "127.0.0.1", port: port)
            return
        }
        throw TPMError.unreachable(place: "swtpm (is it installed?)", errno: ECONNREFUSED)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// Stops swtpm (SIGTERM), which writes its state as it exits.
    func stop() {
        kill(pid, SIGCONT)
        kill(pid, SIGTERM)
        for _ in 0..<100 where isRunning { usleep(10_000) }
    }

    /// Starts swtpm again on its port, with the state it left.
    func restart() throws {
        guard case let .socket(_, port) = transport, let pid = Self.launch(state: state, port: port) else {
            throw TPMError.unreachable(place: "swtpm, started again", errno: ECONNREFUSED)
        }
        self.pid = pid
    }

    /// Pauses swtpm (SIGSTOP): its socket still accepts a command, and nothing answers.
    func pause() { kill(pid, SIGSTOP) }
    func resume() { kill(pid, SIGCONT) }

    /// TPM2_Clear through the lockout hierarchy (its password empty): the
    /// owner hierarchy gets a new seed, so nothing sealed before unseals.
    func clear() throws {
        let clear: [UInt8] = [
            0x80, 0x02, 0, 0, 0, 27, 0, 0, 0x01, 0x26,  // TPM_ST_SESSIONS, size, TPM_CC_Clear
            0x40, 0, 0, 0x0A,  // TPM_RH_LOCKOUT
            0, 0, 0, 9, 0x40, 0, 0, 0x09, 0, 0, 0, 0, 0,  // a password session, the password empty
        ]
        let response = try transport.connect().transmit(clear)
        guard response.count >= 10, response[6..<10].allSatisfy({ $0 == 0 }) else { throw TPMError.malformedResponse }
    }

    /// The objects in the TPM, loaded (transient) or kept (persistent).
    /// swtpm has no resource manager, so what a command left loaded is
    /// still listed after its connection closed.
    func objects(persistent: Bool) throws -> [UInt32] {
        try TPMChannel(transport.connect()).handles(from: persistent ? 0x8100_0000 /* TPM_HT_PERSISTENT */ : TPMChannel.firstTransientHandle)
    }

    /// Starts swtpm on `port` with `state`, and returns its process id once it answers.
    private static func launch(state: String, port: UInt16) -> pid_t? {
        // `--daemon`: swtpm returns once its sockets listen, and writes its process id.
        let command = "/usr/bin/swtpm socket --tpm2 --tpmstate dir=\(state) --daemon --pid file=\(state)/pid"
            + " --server type=tcp,port=\(port),bindaddr=127.0.0.1 --ctrl type=tcp,port=\(port + 1),bindaddr=127.0.0.1"
            + " --flags not-need-init,startup-clear >/dev/null 2>&1"
        guard system(command) == 0,
            let text = try? String(contentsOfFile: state + "/pid", encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        guard answers(.socket(host: "127.0.0.1", port: port)) else {
            kill(pid, SIGTERM)
            return nil
        }
        return pid
    }

    /// Whether swtpm still runs: a process that is neither gone nor a zombie nobody reaps.
    private var isRunning: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return false }
        return state != "Z"
    }

    /// Whether the TPM answers a command (TPM2_GetRandom of 8 bytes): swtpm is up.
    private static func answers(_ transport: TPMTransport) -> Bool {
        (try? TPM(transport: transport).checkAnswers()) != nil
    }
}
#endif

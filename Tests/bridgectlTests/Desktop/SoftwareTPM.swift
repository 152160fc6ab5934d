#if os(Linux)
import Foundation
@testable import SecureBridgeDesktop

/// A software TPM (swtpm) in a state directory of its own, its command
/// socket on a free local port, stopped and removed when this goes.
final class SoftwareTPM {
    let transport: TPMTransport
    private let pid: pid_t
    private let state: String

    init() throws {
        state = FileManager.default.temporaryDirectory.path + "/securebridge-swtpm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for _ in 0..<20 {
            let port = UInt16.random(in: 20_000...60_000)
            // `--daemon`: swtpm returns once its sockets listen, and writes its process id.
            let command = "/usr/bin/swtpm socket --tpm2 --tpmstate dir=\(state) --daemon --pid file=\(state)/pid"
                + " --server type=tcp,port=\(port),bindaddr=127.0.0.1 --ctrl type=tcp,port=\(port + 1),bindaddr=127.0.0.1"
                + " --flags not-need-init,startup-clear >/dev/null 2>&1"
            guard system(command) == 0,
                let text = try? String(contentsOfFile: state + "/pid", encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { continue }
            let transport = TPMTransport.socket(host: "127.0.0.1", port: port)
            guard Self.answers(transport) else {
                kill(pid, SIGTERM)
                continue
            }
            self.pid = pid
            self.transport = transport
            return
        }
        throw TPMError.unreachable(place: "swtpm (is it installed?)", errno: ECONNREFUSED)
    }

    deinit {
        // swtpm writes its state as it exits: the directory goes once it has.
        kill(pid, SIGTERM)
        for _ in 0..<100 where isRunning { usleep(10_000) }
        try? FileManager.default.removeItem(atPath: state)
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
        let getRandom: [UInt8] = [0x80, 0x01, 0, 0, 0, 12, 0, 0, 0x01, 0x7B, 0, 8]
        return (try? transport.transmit(getRandom))?.prefix(10) == [0x80, 0x01, 0, 0, 0, 20, 0, 0, 0, 0]
    }
}
#endif

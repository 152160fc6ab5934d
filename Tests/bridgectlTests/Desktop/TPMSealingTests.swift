#if os(Linux)
import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeDesktop
@testable import SecureBridgeTestSupport

/// Sealing to a TPM 2.0 through SecureBridge's own command client, against
/// a real software TPM (swtpm, one state directory each, as two machines
/// would have two TPMs): what one TPM sealed it unseals, another cannot,
/// a damaged blob is refused, and nothing is left loaded in the TPM. A
/// sweep: it needs swtpm, which `.ci/run` installs.
@Suite(.sweep, .serialized) struct TPMSealingTests {
    @Test func aSecretSealedHereUnsealsHereAndLeavesNothingLoaded() throws {
        let machine = try SoftwareTPM()
        let tpm = TPM(transport: machine.transport)
        let secret = try SecureBytes.random(count: 32)
        // swtpm has no resource manager and three transient slots: a handle left loaded fails the fourth round.
        for _ in 0..<6 {
            let blob = try tpm.seal(secret)
            #expect(try tpm.unseal(try TPMSealedBlob(storedBytes: blob.storedBytes)) == secret)
        }
        let largest = try SecureBytes.random(count: TPM.maximumSecretCount)
        #expect(try tpm.unseal(try tpm.seal(largest)) == largest)
    }

    @Test func anotherMachinesTPMUnsealsNothing() throws {
        let (here, there) = (try SoftwareTPM(), try SoftwareTPM())
        let blob = try TPM(transport: here.transport).seal(try SecureBytes.random(count: 32))
        let error = try #require(throws: TPMError.self) { try TPM(transport: there.transport).unseal(blob) }
        #expect("\(error)".contains("made by another TPM, or the TPM was cleared, or the blob is damaged"), "\(error)")
    }

    @Test func aDamagedBlobIsRefused() throws {
        let machine = try SoftwareTPM()
        let tpm = TPM(transport: machine.transport)
        let blob = try tpm.seal(try SecureBytes.random(count: 32))
        var privateArea = blob.privateArea
        privateArea[privateArea.count / 2] ^= 1
        let damaged = try TPMSealedBlob(storedBytes: TPMSealedBlob(publicArea: blob.publicArea, privateArea: privateArea).storedBytes)
        #expect(throws: TPMError.self) { try tpm.unseal(damaged) }
        #expect(throws: TPMError.malformedResponse) { try TPMSealedBlob(storedBytes: blob.storedBytes + [0]) }
        #expect(throws: TPMError.malformedResponse) { try TPMSealedBlob(storedBytes: Array(blob.storedBytes.dropLast())) }
    }

    @Test func noTPMIsSaidInOneSentence() throws {
        let tpm = TPM(transport: .device(path: "/nonexistent/tpmrm0"))
        let error = try #require(throws: TPMError.self) { try tpm.seal(try SecureBytes.random(count: 32)) }
        #expect("\(error)" == "There is no TPM at /nonexistent/tpmrm0.")
    }

    @Test func theTransportIsChosenTheTSSWay() throws {
        func chosen(_ variables: [String: String]) throws -> TPMTransport { try TPMTransport.chosen { variables[$0] } }
        #expect(try chosen([:]) == .device(path: "/dev/tpmrm0"))
        #expect(try chosen(["TSS2_TCTI": "device:/dev/tpm0"]) == .device(path: "/dev/tpm0"))
        #expect(try chosen(["TPM2TOOLS_TCTI": "swtpm:host=127.0.0.1,port=2400"]) == .socket(host: "127.0.0.1", port: 2400))
        #expect(try chosen(["TSS2_TCTI": "swtpm:port=2500", "TPM2TOOLS_TCTI": "device"]) == .socket(host: "127.0.0.1", port: 2500))
        for wrong in ["tabrmd:bus_type=session", "swtpm:port=seventy", "swtpm:speed=1"] {
            #expect(throws: TPMError.unknownTransport(wrong)) { try chosen(["TSS2_TCTI": wrong]) }
        }
    }
}

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

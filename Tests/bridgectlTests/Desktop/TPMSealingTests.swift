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
        for _ in 0..<6 {
            let blob = try tpm.seal(secret)
            #expect(try tpm.unseal(try TPMSealedBlob(storedBytes: blob.storedBytes)) == secret)
        }
        // swtpm has no resource manager: what a connection left loaded is still there.
        #expect(try machine.objects(persistent: false) == [] && machine.objects(persistent: true) == [])
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
#endif

import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge
import SecureBridgeLedger
import SystemPackage

extension BridgeCtl {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the publisher's public key (or, for tests, the data key) for another reader.",
            discussion: """
                pem is the SubjectPublicKeyInfo that keychain/publisher.pub holds; raw is the 32 bytes \
                in base64, for CryptoKit's Curve25519.Signing.PublicKey(rawRepresentation:) or \
                SymmetricKey(data:); jwk is a JSON Web Key (OKP/Ed25519, or oct for a data key).
                """)

        @OptionGroup var options: GlobalOptions

        @Option(help: "How to write the key: \(KeyExport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: KeyExport.Format = .pem

        @Flag(help: "Print the primary data key instead: whoever holds it decrypts every snapshot sealed under it. For integration tests only.")
        var revealDataKey = false

        func validate() throws {
            if revealDataKey, format == .pem { throw ValidationError(KeyExport.Problem.noPEMForm.description) }
        }

        func run() throws {
            let app = try options.app
            guard revealDataKey else {
                _ = try FileDescriptor.standardOutput.writeAll(try KeyExport.publisherKey(app.pinnedPublisherKey(), as: format))
                return
            }
            let key = try KeyExport.dataKey(app.primaryDataKey(), as: format)
            _ = try FileDescriptor.standardError.writeAll(
                "Warning: this is the data key; whoever holds it decrypts every snapshot sealed under it.\n".utf8)
            _ = try key.withUnsafeBytes { try FileDescriptor.standardOutput.writeAll($0) }
        }
    }
}

extension KeyExport.Format: ExpressibleByArgument {}

import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Seed inputs, generated from the library so they always match the format.
/// Committed under `Fuzz/Corpus/<target>/`; regenerate with `scripts/fuzz --write-seeds`.
public enum Seeds {
    /// When the environment variable `SECUREBRIDGE_FUZZ_WRITE_SEEDS` names a
    /// directory, writes `generate()`'s seeds there (one file per seed) and exits.
    public static func writeIfAsked(_ generate: () throws -> [String: [UInt8]]) {
        guard let directory = ProcessInfo.processInfo.environment["SECUREBRIDGE_FUZZ_WRITE_SEEDS"] else { return }
        do {
            let url = URL(fileURLWithPath: directory, isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, bytes) in try generate().sorted(by: { $0.key < $1.key }) {
                try Data(bytes).write(to: url.appendingPathComponent("seed-\(name)"))
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("writing seeds failed: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The repository's `examples/` folder, found from this source file.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: examples.appendingPathComponent(name)))
    }

    /// The payload of an example input.
    static func examplePayload(_ name: String) throws -> [UInt8] {
        try PublishInput.decode(example(name)).payloadBytes()
    }

    /// Valid payloads: both examples and a one-account portfolio.
    static func payloads() throws -> [String: [UInt8]] {
        let minimal = Portfolio(uncheckedAccounts: [
            Account(
                uncheckedID: "a", name: "A", balance: Money(minorUnits: 1, currency: Currency.iso4217("EUR")!),
                iban: try IBAN("DE89370400440532013000"), type: .main)
        ])
        let accountNumber = Portfolio(uncheckedAccounts: [
            Account(
                uncheckedID: "u", name: "U", balance: Money(minorUnits: 1, currency: Currency.iso4217("USD")!),
                identifier: .accountNumber(try AccountNumber("021000021 7654321098")), type: .main)
        ])
        return [
            "account-number": try accountNumber.payloadBytes(),
            "accounts": try examplePayload("accounts.json"),
            "spending": try examplePayload("spending.json"),
            "minimal": try minimal.payloadBytes(),
        ]
    }
}

import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// One Wycheproof vector file: the top level every schema shares, generic
/// over the group shape that the file's schema defines.
struct WycheproofFile<Group: WycheproofGroup>: Decodable {
    let algorithm: String
    let schema: String
    let numberOfTests: Int
    let testGroups: [Group]

    /// Decodes `Tests/SecureBridgeCryptoTests/Vectors/<name>`, found from
    /// this source file's path (the test target has no bundled resources).
    static func load(_ name: String) throws -> WycheproofFile {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SecureBridgeCryptoTests
            .appendingPathComponent("Vectors")
            .appendingPathComponent(name)
        let file = try JSONDecoder().decode(WycheproofFile.self, from: Data(contentsOf: url))
        let decodedCount = file.testGroups.reduce(0) { $0 + $1.tests.count }
        guard decodedCount == file.numberOfTests else {
            throw WycheproofFormatError(file: name, declared: file.numberOfTests, decoded: decodedCount)
        }
        return file
    }

    /// Calls `check` for every test in file order. An error that escapes
    /// `check` is recorded as a failure of that test, citing its `tcId`.
    func forEachTest(_ check: (Group, Group.Test) throws -> Void) {
        for group in testGroups {
            for test in group.tests {
                do {
                    try check(group, test)
                } catch {
                    Issue.record(error, "tcId \(test.tcId): unexpected error")
                }
            }
        }
    }
}

/// A group of tests sharing parameters; each schema has its own.
protocol WycheproofGroup: Decodable {
    associatedtype Test: WycheproofTest
    var tests: [Test] { get }
}

/// The fields every Wycheproof test has, whatever its schema.
protocol WycheproofTest: Decodable {
    var tcId: Int { get }
    var comment: String { get }
    var flags: [String] { get }
    var result: WycheproofResult { get }
}

/// What the vector expects of an implementation.
enum WycheproofResult: String, Decodable {
    /// The operation succeeds with exactly the given output.
    case valid
    /// The operation fails.
    case invalid
    /// Either outcome is allowed (weak or legacy inputs).
    case acceptable
}

/// A byte string stored as lowercase hex in the JSON.
@propertyWrapper
struct Hex: Decodable, Equatable {
    var wrappedValue: [UInt8]

    init(wrappedValue: [UInt8]) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let bytes = Bytes.fromHex(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a hex string: \(text)")
        }
        wrappedValue = bytes
    }
}

/// A vector file whose declared test count does not match its contents.
struct WycheproofFormatError: Error, CustomStringConvertible {
    let file: String
    let declared: Int
    let decoded: Int

    var description: String {
        "\(file) declares \(declared) tests but holds \(decoded)."
    }
}

/// The problem of the `BridgeError` of the crypto layer that `body` throws,
/// or nil when it returns. Any other error is recorded as a test failure.
func cryptoError(
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    of body: () throws -> Any
) -> CryptoProblem? {
    do {
        _ = try body()
        return nil
    } catch {
        if let problem = (error as? BridgeError)?.problem as? CryptoProblem { return problem }
        Issue.record(error, comment, sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses a hex literal written in a test; traps on a typo in the test itself.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = Bytes.fromHex(text) else { preconditionFailure("bad hex literal in a test: \(text)") }
    return bytes
}

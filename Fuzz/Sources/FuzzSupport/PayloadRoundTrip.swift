import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The payload codec's promises: whatever decodes re-encodes to the same
/// bytes (one encoding per portfolio), and whatever validates encodes and
/// decodes back to itself.
public enum PayloadRoundTrip {
    /// Decodes `payload`; if it decodes, checks that it re-encodes to exactly `payload`.
    /// - Returns: The portfolio, or nil when the payload was refused.
    @discardableResult
    public static func decode(_ payload: [UInt8]) -> Portfolio? {
        let viaBuffer = FuzzCheck.attempt { try payload.withUnsafeBytes { try Portfolio(payload: $0) } }
        guard let portfolio = viaBuffer else { return nil }
        let encoded = FuzzCheck.attempt { try portfolio.payloadBytes() }
        FuzzCheck.expect(encoded != nil, "a decoded portfolio does not encode")
        FuzzCheck.expect(encoded == payload, "a decoded portfolio encodes to other bytes (\(payload.count) in, \(encoded?.count ?? 0) out)")
        return portfolio
    }

    /// Encodes a validated portfolio and checks that it decodes back to itself.
    public static func encode(_ portfolio: Portfolio) {
        let encoded = FuzzCheck.attempt { try portfolio.payloadBytes() }
        guard let encoded else {
            FuzzCheck.expect(false, "a validated portfolio does not encode")
            return
        }
        FuzzCheck.expect(
            encoded.count <= PortfolioPayload.maximumByteCount,
            "a payload is \(encoded.count) bytes, over PortfolioPayload.maximumByteCount")
        let decoded = FuzzCheck.attempt { try Portfolio(payload: encoded) }
        FuzzCheck.expect(decoded != nil, "an encoded portfolio does not decode")
        FuzzCheck.expect(decoded == portfolio, "an encoded portfolio decodes to another portfolio")
        FuzzCheck.expect(FuzzCheck.attempt({ try decoded?.payloadBytes() }) == encoded, "re-encoding changes the bytes")
    }
}

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A place in the app a widget tap leads to: `<scheme>://login` or `<scheme>://account/<id>`.
public enum DeepLink: Sendable, Hashable {
    /// One account's detail screen.
    case account(id: String)
    /// The login screen.
    case login

    /// The longest link the parser reads.
    public static let maximumLength = 256
    /// The longest scheme.
    public static let maximumSchemeLength = 32

    /// The link as a URL: `<scheme>://login` or `<scheme>://account/<id>`.
    /// - Throws: `BridgeError` if the scheme or the account id is not valid.
    public func url(scheme: String) throws -> URL {
        guard Self.isValidScheme(scheme) else { throw BridgeError(.invalidScheme) }
        let text: String
        switch self {
        case .login:
            text = "\(scheme.lowercased())://login"
        case let .account(id):
            guard Self.isValidAccountID(id) else { throw BridgeError(.invalidAccountID) }
            text = "\(scheme.lowercased())://account/\(id)"
        }
        guard let url = URL(string: text) else { throw BridgeError(.invalidScheme) }
        return url
    }

    /// Parses a link the app was opened with: only the two forms, the scheme in any case, at most 256 bytes.
    /// - Throws: `BridgeError` naming the first problem found.
    public init(parsing text: String, scheme: String) throws {
        guard Self.isValidScheme(scheme) else { throw BridgeError(.invalidScheme) }
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw BridgeError(.tooLong(limit: Self.maximumLength))
        }
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw BridgeError(.invalidCharacter) }

        let prefix = Array("\(scheme.lowercased())://".utf8)
        guard bytes.count >= prefix.count,
            zip(bytes, prefix).allSatisfy({ Self.asciiLowercased($0) == $1 })
        else { throw BridgeError(.wrongScheme(expected: scheme.lowercased())) }
        let rest = bytes[prefix.count...]

        for (byte, component) in Self.forbidden where rest.contains(byte) {
            throw BridgeError(.forbiddenComponent(component))
        }
        let segments = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        switch segments.first {
        case "login":
            guard segments.count == 1 else { throw BridgeError(.invalidPath) }
            self = .login
        case "account":
            guard segments.count == 2 else { throw BridgeError(.invalidPath) }
            guard Self.isValidAccountID(segments[1]) else { throw BridgeError(.invalidAccountID) }
            self = .account(id: segments[1])
        default:
            throw BridgeError(.unknownDestination)
        }
    }

    /// Whether `id` may stand in a link: 1–64 characters of `A-Z a-z 0-9 . _ -`, not `.` or `..`.
    public static func isValidAccountID(_ id: String) -> Bool {
        Identifier.isValid(id, kind: .account)
    }

    /// Whether `scheme` is a URL scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), 1–32 characters.
    public static func isValidScheme(_ scheme: String) -> Bool {
        let bytes = Array(scheme.utf8)
        guard let first = bytes.first, bytes.count <= maximumSchemeLength,
            isASCIILetterOrDigit(first), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            isASCIILetterOrDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Characters that would introduce a URL component the links never have.
    private static let forbidden: [(UInt8, DeepLinkProblem.Component)] = [
        (UInt8(ascii: "?"), .query),
        (UInt8(ascii: "#"), .fragment),
        (UInt8(ascii: "@"), .userInfo),
        (UInt8(ascii: ":"), .port),
        (UInt8(ascii: "%"), .percentEscape),
    ]

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

/// The one definition of an id SecureBridge accepts: 1 to 64 characters of
/// `A-Z a-z 0-9 . _ -`. Account ids are checked by it wherever they arrive
/// (publish input, a snapshot payload, a deep link) and user ids at login.
package enum Identifier {
    /// What an id names. The two kinds differ only where their use differs:
    ///
    /// - An account id ends up in deep links (`<scheme>://account/<id>`) and
    ///   may end up in paths, where `.` and `..` name directories (and a URL
    ///   resolver removes them as dot-segments), so those two are refused.
    /// - A user id is the bank's login name, often an e-mail address, so `@`
    ///   is allowed too; it is only stored and shown, never a link or a path
    ///   segment, so `.` and `..` are not refused.
    package enum Kind {
        case account
        case user
    }

    /// The longest id, in characters (all ASCII, so bytes too).
    static let maximumLength = 64

    /// Checks an id given as UTF-8 bytes (as a payload stores it).
    /// - Throws: `PortfolioRules.Violation` with `.invalidIDCharacters` (checked
    ///   first, over every byte), `.empty`, `.tooLong` or `.dotID`.
    static func check(utf8 bytes: some Sequence<UInt8>, kind: Kind) throws {
        var count = 0
        var dots = 0
        for byte in bytes {
            count += 1
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            case UInt8(ascii: "."):
                dots += 1
            case UInt8(ascii: "@") where kind == .user:
                continue
            default:
                throw PortfolioRules.Violation(.invalidIDCharacters)
            }
        }
        guard count > 0 else { throw PortfolioRules.Violation(.empty) }
        guard count <= maximumLength else {
            throw PortfolioRules.Violation(.tooLong(limit: maximumLength, unit: .scalars))
        }
        if kind == .account, count <= 2, dots == count { throw PortfolioRules.Violation(.dotID) }
    }

    /// Checks an id.
    /// - Throws: `PortfolioRules.Violation`, as `check(utf8:kind:)`.
    static func check(_ id: String, kind: Kind) throws {
        try check(utf8: id.utf8, kind: kind)
    }

    /// Whether `id` passes `check`, e.g. so that an error message may quote it.
    package static func isValid(_ id: String, kind: Kind) -> Bool {
        (try? check(id, kind: kind)) != nil
    }
}

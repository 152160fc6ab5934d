/// The one definition of an id (1 to 64 of `A-Z a-z 0-9 . _ -`), for account ids and user ids.
package enum Identifier {
    /// Account ids go into deep links and paths, so `.` and `..` are refused; user ids also allow `@`.
    package enum Kind {
        case account
        case user
    }

    static let maximumLength = 64

    /// - Throws: `PortfolioRules.Violation`: `.invalidIDCharacters` (over every byte first), `.empty`, `.tooLong`, `.dotID`.
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

    static func check(_ id: String, kind: Kind) throws {
        try check(utf8: id.utf8, kind: kind)
    }

    /// Whether `id` passes `check`, e.g. so that an error message may quote it.
    package static func isValid(_ id: String, kind: Kind) -> Bool {
        (try? check(id, kind: kind)) != nil
    }
}

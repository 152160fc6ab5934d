import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// One definition of a valid id serves account ids (publish input, payload,
/// deep links) and user ids, which differ only in `@` and the dot names.
@Suite struct IdentifierTests {
    @Test(arguments: ["a", "acc-main", "A.b_c-9", ".a", "a.", "...", String(repeating: "x", count: 64)])
    func validAccountIDsAreValidEverywhere(id: String) throws {
        #expect(Identifier.isValid(id, kind: .account))
        #expect(Identifier.isValid(id, kind: .user))
        #expect(DeepLink.isValidAccountID(id))
        #expect(try DeepLink(parsing: "securebridge://account/\(id)", scheme: "securebridge") == .account(id: id))
    }

    @Test(arguments: [
        ("", FieldProblem.empty), (String(repeating: "x", count: 65), .tooLong(limit: 64, unit: .scalars)),
        ("a b", .invalidIDCharacters), ("a/b", .invalidIDCharacters), ("é", .invalidIDCharacters),
        ("a@b", .invalidIDCharacters), (".", .dotID), ("..", .dotID),
    ])
    func invalidAccountIDsAreRefusedWithTheirProblem(id: String, problem: FieldProblem) {
        #expect(throws: PortfolioRules.Violation.self) { try Identifier.check(id, kind: .account) }
        do { try Identifier.check(id, kind: .account) } catch let violation as PortfolioRules.Violation {
            #expect(violation.problem == problem)
        } catch { Issue.record("unexpected \(error)") }
        #expect(!DeepLink.isValidAccountID(id))
        #expect(throws: BridgeError(.invalidAccountID)) { try DeepLink.account(id: id).url(scheme: "securebridge") }
    }

    @Test func userIDsAlsoTakeAtAndTheDotNames() {
        for user in ["alice@example.com", ".", "..", "@"] {
            #expect(Identifier.isValid(user, kind: .user))
        }
        for user in ["", "a b", "a/b", String(repeating: "u", count: 65), "ü"] {
            #expect(!Identifier.isValid(user, kind: .user))
        }
    }

    /// The character rule is checked over every byte before the length, so an
    /// over-long id with a bad character names the character, as before.
    @Test func charactersAreCheckedBeforeLength() {
        let id = String(repeating: "x", count: 70) + " "
        do { try Identifier.check(id, kind: .account) } catch let violation as PortfolioRules.Violation {
            #expect(violation.problem == .invalidIDCharacters)
        } catch { Issue.record("unexpected \(error)") }
    }
}

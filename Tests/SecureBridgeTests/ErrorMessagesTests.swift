import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
import SystemPackage
import Testing

/// The public errors carry typed data, and each still reads as the same one
/// sentence it did when the data was prose: `bridgectl` prints these.
@Suite struct ErrorMessagesTests {
    static let eur = Currency.iso4217("EUR")!

    /// A store's own error that is a sentence is the sentence; any other
    /// is set in one that names where the items are, and ends it, so what
    /// `bridgectl` adds after it starts a sentence of its own.
    @Test func aStoresErrorIsAlwaysOneWholeSentence() {
        struct Sentence: Error, CustomStringConvertible { var description: String { "The device is locked; unlock it and try again." } }
        struct Code: Error, CustomStringConvertible { var description: String { "errSecInteractionNotAllowed (-25308)" } }
        struct Bare: Error {}
        let kind = KeychainStoreKind(name: "sentence-test-store", whereKept: "in the device's Keychain") { _ in
            fatalError("never opened")
        }
        #expect(KeychainStoreError.unavailable(store: kind, reason: Sentence()).description == "The device is locked; unlock it and try again.")
        #expect(KeychainStoreError.unavailable(store: kind, reason: Code()).description
            == "The keychain's items kept in the device's Keychain cannot be used now (errSecInteractionNotAllowed (-25308)).")
        let bare = KeychainStoreError.unavailable(store: kind, reason: Bare()).description
        #expect(bare.hasPrefix("The keychain's items kept in the device's Keychain cannot be used now (") && bare.hasSuffix(")."), "\(bare)")
    }

    @Test func cryptoErrorsReadAsBefore() {
        let cases: [(CryptoProblem, String)] = [
            (.invalidKeyEncoding(.notPEM(.privateKey)), "The key could not be read: not a PKCS#8 PEM private key."),
            (.invalidKeyEncoding(.notPEM(.publicKey)), "The key could not be read: not a SubjectPublicKeyInfo PEM public key."),
            (.invalidKeyEncoding(.notEd25519), "The key could not be read: the PEM holds a key of another algorithm, not Ed25519."),
            (.invalidKeyEncoding(.notCanonicalPEM(.privateKey)),
             "The key could not be read: not an Ed25519 PKCS#8 PEM private key in the canonical layout (the DER as one base64 line)."),
            (.invalidKeyEncoding(.notCanonicalPEM(.publicKey)),
             "The key could not be read: not an Ed25519 SubjectPublicKeyInfo PEM public key in the canonical layout (the DER as one base64 line)."),
            (.invalidKeyEncoding(.notCanonical), "The key could not be read: not canonical."),
            (.invalidKeyEncoding(.noPrivatePart), "The key could not be read: a public key has no private part."),
            (.invalidParameters(.notVersion1Verifier),
             "The passcode verifier's parameters are not acceptable: the stored verifier is not a version 1 SecureBridge passcode verifier."),
            (.invalidParameters(.costOutOfRange(log2N: 30, r: 8, p: 1)),
             "The passcode verifier's parameters are not acceptable: scrypt cost N=2^30, r=8, p=1 is outside the accepted range."),
            (.backendFailure(operation: "EVP_DigestInit_ex2", .openSSL(errorCodes: [0x1C80_00D3, 0x5])),
             "OpenSSL failed in EVP_DigestInit_ex2: error code 1C8000D3; error code 00000005."),
            (.backendFailure(operation: "HKDF derive", .openSSL(errorCodes: [])), "OpenSSL failed in HKDF derive: no detail given."),
            (.backendFailure(operation: "AES.GCM.seal", .cryptoKit(description: "underlyingCoreCryptoError(error: 1)")),
             "CryptoKit failed in AES.GCM.seal: underlyingCoreCryptoError(error: 1)."),
            (.backendFailure(operation: "getrandom", .kernelRandom(.noFunction)),
             "The kernel's random generator failed in getrandom: \(Errno.noFunction)."),
        ]
        for (error, message) in cases { #expect(BridgeError(error).description == message) }
    }

    @Test func envelopeErrorsReadAsBefore() {
        let cases: [(EnvelopeProblem, String)] = [
            (.badMagic(expected: .snapshotEnvelope), "The file is not a SecureBridge snapshot envelope: its first bytes are wrong."),
            (.badMagic(expected: .signedRecord), "The file is not a SecureBridge signed record: its first bytes are wrong."),
            (.badMagic(expected: .snapshotEnvelopeOrSignedRecord),
             "The file is not a SecureBridge snapshot envelope or signed record: its first bytes are wrong."),
            (.invalidField(field: "auth status", .wrongSize(expected: 42)), "The file's auth status is invalid: it is not 42 bytes."),
            (.invalidField(field: "auth state", .unknownState(9)), "The file's auth state is invalid: 9 is not a known state."),
            (.invalidField(field: "auth flags", .unknownFlags(6)), "The file's auth flags is invalid: unknown flag bits are set."),
            (.invalidField(field: "record kind", .wrongRecordKind(expected: .authStatus, found: 1)),
             "The file's record kind is invalid: expected authStatus, found 1."),
            (.invalidField(field: "payload length", .overLimit(600, limit: 512)), "The file's payload length is invalid: 600 is over the limit."),
            (.invalidField(field: "reserved byte", .notZero), "The file's reserved byte is invalid: it must be 0."),
            (.invalidField(field: "ciphertext length", .outOfRange(3, range: 16...1000)),
             "The file's ciphertext length is invalid: 3 is out of range."),
            (.invalidField(field: "lifetimes", .lifetimesOutOfOrder),
             "The file's lifetimes is invalid: they must satisfy issued ≤ stale ≤ expires."),
        ]
        for (error, message) in cases { #expect(BridgeError(error).description == message) }
    }

    @Test func sessionErrorsReadAsBefore() {
        let full = StorageError(.io(path: "/h/container/snapshot", operation: .sync, errno: .noSpace))
        let cases: [(SessionError.Cause, String)] = [
            (.invalidPasscode(.tooShort(minimum: 4)), "The passcode is not acceptable: it must be at least 4 characters."),
            (.invalidPasscode(.tooLong(maximumBytes: 128)), "The passcode is not acceptable: it must be at most 128 bytes."),
            (.invalidPasscode(.controlCharacter), "The passcode is not acceptable: it must not contain control characters."),
            (.invalidPasscode(.invalidUTF8), "The passcode is not acceptable: it must be valid UTF-8."),
            (.notNewestSnapshot(found: .snapshot(sequence: 3, epoch: 2), published: 4),
             "The container holds snapshot 3 of epoch 2, not the newest snapshot the app published (at most 4), so it was not re-sealed and nothing changed; publish again, then rotate the keys."),
            (.notNewestSnapshot(found: .damaged, published: 1),
             "The container holds a damaged snapshot, not the newest snapshot the app published (at most 1), so it was not re-sealed and nothing changed; publish again, then rotate the keys."),
            (.unfinished(applied: .snapshotLive(sequence: 7), failure: .storage(full), command: .publish),
             "Snapshot 7 is live; then a later step failed: Could not sync `/h/container/snapshot`: \(Errno.noSpace.description). Run the same command (publish) again to finish."),
            (.unfinished(applied: .sessionRecorded(.unlocked(hidesBalances: true)), failure: .other(description: "E."), command: .unlock),
             "The app records the session as unlocked with balances hidden, but widgets do not show it yet; then a later step failed: E. Run the same command (unlock) again to finish."),
            (.unfinished(applied: .sessionShown(.locked), failure: .keychain(.missing(file: "marks")), command: .lock),
             "Widgets now see the session as locked; then a later step failed: The keychain file `marks` is missing. Run the same command (lock) again to finish."),
            (.unfinished(applied: .rotationHalfDone(failure: .other(description: "X.")), failure: .other(description: "Y."), command: .rotateKeys),
             "The key rotation failed (X.) and was left half done; then a later step failed: Y. Run the same command (rotate keys) again to finish."),
            (.loggedOutInPart(destroyed: .init([.dataKeys, .snapshot]), kept: nil, failure: StorageError(.notDirectory(path: "/h/app"))),
             "Logged out only in part: `/h/app` is not a directory. Without it, the data keys and the snapshot were destroyed. Log out again once that is fixed to sign the logout."),
            (.loggedOutInPart(
                destroyed: .init([.dataKeys]), kept: .init([(.snapshot, .storage(StorageError(.notDirectory(path: "/h/container"))))]),
                failure: StorageError(.notDirectory(path: "/h/app"))),
             "Logged out only in part: `/h/app` is not a directory. Without it, the data keys were destroyed; the snapshot (`/h/container` is not a directory.) could not be. Log out again once that is fixed to sign the logout."),
        ]
        for (error, message) in cases { #expect(SessionError(error).description == message) }
    }

    @Test func storageOperationsAreNamedValues() {
        let error = StorageError(.io(path: "/h/container/snapshot", operation: .renameTemporaryFile, errno: .noSpace))
        #expect(error.description == "Could not rename a temporary file over `/h/container/snapshot`: \(Errno.noSpace.description).")
        switch error.cause {
        case .io(_, .renameTemporaryFile, .noSpace): break
        default: Issue.record("an operation matches its named value")
        }
        #expect(StorageError.Operation.readLink.description == "read the link")
        #expect(error.isTransient == false)
    }

    @Test func failuresKeepTheErrorTheyWrap() {
        #expect(SessionError.Failure(KeychainError.corrupt(file: "keyset")) == .keychain(.corrupt(file: "keyset")))
        #expect(SessionError.Failure(BridgeError(.authenticationFailure)) == .bridge(BridgeError(.authenticationFailure)))
        #expect(SessionError.Failure(StorageError(.homeUnknown)) == .storage(StorageError(.homeUnknown)))
        #expect(SessionError.Failure(Errno.noSpace) == .other(description: Errno.noSpace.description))
    }

    @Test func modelAndLinkErrorsReadAsBefore() {
        let cases: [(any Error & CustomStringConvertible, String)] = [
            (BridgeError(.forbiddenComponent(.userInfo)), "The deep link has a user info part, which app links never have."),
            (BridgeError(.forbiddenComponent(.percentEscape)), "The deep link has a percent-escape part, which app links never have."),
            (BridgeError(InputProblem.invalid(.account(number: 1, id: "a"), field: "balance", .amount(.tooLarge(limit: .maximumMagnitude(in: Self.eur))))),
             #"Account 1 ("a"), field "balance": is beyond the limit of 1000000000000000 EUR in magnitude."#),
            (BridgeError(InputProblem.invalid(.spent(number: 2), field: "amount", .amount(.tooLarge(limit: .maximumMagnitude(in: .iso4217("CLF")!))))),
             #"Spent entry 2, field "amount": is beyond the limit of 100000000000000 CLF in magnitude."#),
            (BridgeError(InputProblem.invalid(.document, field: nil, .notAccountsOrObject(found: .string))),
             #"The input must be an array of accounts or an object with "accounts", not a string."#),
            (BridgeError(.unencodable(.document, field: "accounts", .noAccounts)),
             #"The portfolio cannot be encoded: the field "accounts": must list at least one account."#),
            (KeyExportError.noPEMForm, "A data key has no PEM form; use --format raw or --format jwk."),
        ]
        for (error, message) in cases { #expect(error.description == message) }
    }
}

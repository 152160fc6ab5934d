#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SecureBridge

// Which container file the widget refuses as tampered, and why: the gate
// says only "tampered" (a widget has no one to tell); doctor checks each
// signed file in the gate's order and names the first that fails.

extension Doctor {
    /// The container file that makes the widget show `tampered`, and the cause.
    struct TamperedFile: Equatable {
        let path: String
        let cause: String
        let fix: String
    }

    /// The first container file the gate refuses, in its order (onboarding
    /// record, auth status, snapshot), with the check that failed; `nil` when
    /// none can be named (the pinned key or the keyset is unreadable, which
    /// the key findings report).
    func tamperedFile(_ files: StoredFiles) -> TamperedFile? {
        guard let pem = files.pinnedKey.contents,
              let publisher = try? Ed25519.PublicKey(pinnedKeyPEM: pem)
        else { return nil }
        func path(_ name: String) -> String { home.container.appending(name).string }
        let loginAgain = "log out and in again: `bridgectl logout`, then `bridgectl login --user ID`"

        var enrollment: [UInt8]?
        if let bytes = files.onboarding.contents {
            do {
                let record = try SignedRecord(bytes: bytes, expected: .onboarding)
                enrollment = try OnboardingRecord(payload: record.verifiedPayload(publicKey: publisher)).enrollmentID
            } catch {
                return TamperedFile(path: path(StoredFile.onboarding.name), cause: "\(error)", fix: loginAgain)
            }
        }
        if let bytes = files.authStatus.contents {
            do {
                let record = try SignedRecord(bytes: bytes, expected: .authStatus)
                let auth = try AuthStatus(payload: record.verifiedPayload(publicKey: publisher))
                if let enrollment, !ConstantTime.equals(auth.enrollmentID, enrollment) {
                    return TamperedFile(
                        path: path(StoredFile.authStatus.name),
                        cause: "it belongs to another enrollment than \(path(StoredFile.onboarding.name))", fix: loginAgain)
                }
            } catch {
                return TamperedFile(path: path(StoredFile.authStatus.name), cause: "\(error)", fix: loginAgain)
            }
        }
        if let bytes = files.snapshot.contents {
            do {
                let envelope = try SnapshotEnvelope(bytes: bytes)
                if let stored = files.keyset.contents, let keyset = try? DataKeyset(storedBytes: stored),
                   let dataKey = keyset.key(withID: envelope.header.dataKeyID)
                {
                    let plaintext = try envelope.open(verifyingWith: publisher, dataKey: dataKey)
                    _ = try plaintext.withUnsafeBytes { try Portfolio(payload: $0) }
                } else {
                    try envelope.verifySignature(with: publisher)
                }
            } catch {
                return TamperedFile(path: path(StoredFile.snapshot.name), cause: "\(error)", fix: "republish: `bridgectl publish FILE`")
            }
        }
        return nil
    }

    /// The widget line, naming the file and the cause when the widget shows `tampered`.
    func widgetFinding(for result: GateResult, now: Date, files: StoredFiles) -> Finding {
        let finding = Self.widgetFinding(for: result, now: now)
        guard case .refused(.tampered) = result, let culprit = tamperedFile(files) else { return finding }
        return Finding(
            .widget, .problem, "the widget shows the login placeholder (tampered): \(culprit.path): \(Self.clause(culprit.cause))",
            fix: culprit.fix)
    }

    /// An error's sentence as a clause: its first letter lower-cased (unless
    /// it starts an acronym) and its final full stop dropped.
    static func clause(_ sentence: String) -> String {
        var text = Substring(sentence)
        if text.hasSuffix(".") { text = text.dropLast() }
        guard let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) else { return String(text) }
        return first.lowercased() + text.dropFirst()
    }
}

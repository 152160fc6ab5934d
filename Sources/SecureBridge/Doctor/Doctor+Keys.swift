import SecureBridge
#if canImport(SecureBridgeDesktop)
import SecureBridgeDesktop
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Key files present and parseable; the pinned key matching the signing key.

extension Doctor {
    func keyFindings(_ files: StoredFiles, state: AppState?) -> [Finding] {
        let onboarded = state?.userID != nil || files.onboarding.isPresent
        let sessionLive = state?.session?.state == .active || state?.session?.state == .locked
        // A wipe cut short is the session finding's: the next command finishes it, keyset and all.
        let owesWipe = state?.owesWipe == true
        var findings: [Finding] = []
        let app = home.app.appending(StoredFile.signingKey.name).string
        let pin = files.keychainItem(StoredFile.pinnedKey.name, in: home)
        let keyset = files.keychainItem(StoredFile.keyset.name, in: home)
        findings += keychainStoreFindings(files)

        switch files.signingKey {
        case .refused, .unreachable: break  // the permissions or keychain finding says why
        case .absent:
            if onboarded {
                findings.append(Finding(
                    .keys, .problem, "the app's signing key \(app) is missing, so nothing new can be signed",
                    fix: startOver))
            }
        case let .present(pem):
            if let key = try? Ed25519.PrivateKey(pemRepresentation: pem) {
                findings.append(Finding(.keys, .ok, "signing key \(key.publicKey.keyID): Ed25519, PKCS#8 PEM"))
            } else {
                findings.append(Finding(
                    .keys, .problem, "\(app) is not an Ed25519 private key in PKCS#8 PEM",
                    fix: startOver))
            }
        }

        switch files.pinnedKey {
        case .refused, .unreachable: break
        case .absent:
            if onboarded {
                findings.append(Finding(
                    .keys, .problem, "the widget's pinned publisher key \(pin) is missing, so widgets show not-onboarded",
                    fix: "re-pin it from the signing key: `\(files.repinCommand(app: app, pin: pin))`"))
            }
        case let .present(bytes):
            if let key = try? Ed25519.PublicKey(pinnedKeyPEM: bytes) {
                findings.append(Finding(.keys, .ok, "pinned publisher key \(key.keyID): Ed25519, SPKI PEM"))
            } else {
                findings.append(Finding(
                    .keys, .problem, "\(pin) is not an Ed25519 public key in SPKI PEM, so widgets show tampered",
                    fix: "re-pin it from the signing key: `\(files.repinCommand(app: app, pin: pin))`"))
            }
        }

        switch files.keyset {
        case .refused, .unreachable: break
        case _ where owesWipe: break
        case .absent:
            if sessionLive {
                findings.append(Finding(
                    .keys, .problem,
                    "the data keyset \(keyset) is missing while a session is live: widgets show unknown-key and publish fails",
                    fix: Self.newKeysetFix))
            }
        case let .present(bytes):
            if let set = try? DataKeyset(storedBytes: bytes) {
                if !set.decryptOnly.isEmpty {
                    findings.append(Finding(
                        .keys, .warning,
                        "the data keyset \(keyset) holds \(set.decryptOnly.count) decrypt-only key\(set.decryptOnly.count == 1 ? "" : "s") beside primary key \(set.primary.id): a key rotation was cut short",
                        fix: "any app-side command settles it (undone, or finished with the old key destroyed); to rotate: `bridgectl keys rotate`"))
                } else if sessionLive || (state == nil && files.state.isPresent) {
                    // With the app state damaged, whether a session is live is the session finding's to say.
                    findings.append(Finding(.keys, .ok, "data keyset: primary key \(set.primary.id)"))
                } else {
                    // Logging in replaces it (a login cut short left it), in one step;
                    // to stay logged out, it can be removed instead.
                    let removal = files.isKeychainInFiles || files.secretToolAttributes(StoredFile.keyset.name) != nil
                        ? ", or remove it to stay logged out: `\(files.removeCommand(StoredFile.keyset.name, path: keyset))`" : ""
                    findings.append(Finding(
                        .keys, .warning,
                        "a data keyset is present although no session is live (logout destroys it; a restored copy could decrypt old snapshots)",
                        fix: "log in, which replaces it: `bridgectl login --user ID`\(removal)"))
                }
            } else {
                findings.append(Finding(
                    .keys, .problem, "\(keyset) is not a valid data keyset, so widgets show unknown-key",
                    fix: Self.newKeysetFix))
            }
        }
        if let bytes = files.marks.contents, (try? HighWaterMarks(storedBytes: bytes)) == nil {
            let marks = files.keychainItem(StoredFile.marks.name, in: home)
            findings.append(Finding(
                .keys, .problem, "the keychain's high-water marks \(marks) are damaged, so widgets show tampered",
                fix: Self.marksRepairFix(sessionLive: sessionLive)))
        }
        if !onboarded, findings.isEmpty {
            findings.append(Finding(.keys, .ok, "no keys yet: the first login creates them"))
        }
        findings += pinnedKeyFindings(files, signingKeyPath: app, pinPath: pin)
        return findings
    }

    /// The fix for damaged keychain marks, whatever the damage: the next
    /// app-side command replaces them from the app's state, never lower.
    /// Never a removal: with no marks a widget takes every record, and the
    /// app state may be behind what a widget has seen.
    static func marksRepairFix(sessionLive: Bool) -> String {
        sessionLive
            ? "the next publish replaces them from the app's state, never lower: `bridgectl publish FILE`"
            : "the next login replaces them from the app's state, never lower: `bridgectl login --user ID`"
    }

    /// Which store keeps the keychain's items, and whether it can be used now.
    private func keychainStoreFindings(_ files: StoredFiles) -> [Finding] {
        switch files.keychain {
        case nil: return []
        case let .failure(error):
            // Every app-side command reads the choice first, so no command can rewrite it: it goes.
            let store = home.keychain.appending(StoredFile.store.name).string
            return [Finding(.keys, .problem, "the keychain's choice of store \(store) cannot be read, so no command can run: \(error)",
                            fix: "remove it, and the keychain counts as files (should doctor then find the keys missing, log out and in again): `rm \(Self.quoted(store))`")]
        case let .success(place) where place.store.kind == .files:
            return [Finding(.keys, .ok, "keychain store: files in \(home.keychain)")]
        case let .success(place):
            let isSecretService = place.store.kind.rawValue == "secret-service"
            let name = isSecretService ? "the Secret Service" : "the \(place.store.kind.rawValue) store (\(place.store.kind.whereKept))"
            do {
                try place.checkStore()
                return [Finding(.keys, .ok, "keychain store: \(name), reachable\(isSecretService ? ", its default collection unlocked" : "")")]
            } catch {
                let (problem, remedy) = Self.storeFailure(error)
                return [Finding(
                    .keys, .problem,
                    "keychain store: \(name) cannot be used, so widgets show keychain-unavailable (its items are out of reach, not gone): \(problem)",
                    fix: remedy)]
            }
        }
    }

    /// What a store that cannot be used says is wrong, and what to do: two
    /// parts, so the fix is never the problem said again, and never a
    /// command that destroys the items the store cannot be asked about.
    private static func storeFailure(_ error: any Error) -> (problem: String, remedy: String) {
        var reason = error
        if case let KeychainStoreError.unavailable(_, underlying) = error { reason = underlying }
        let generic = "check your keyring (GNOME Keyring, KeePassXC or KWallet) and run `bridgectl doctor` again; do not log out, which cannot reach the items either"
        #if canImport(SecureBridgeDesktop)
        if let failure = reason as? SecretServiceError {
            return (failure.problem.lowercasingFirstLetter, failure.remedy ?? generic)
        }
        if let failure = reason as? TPMError {
            return ("\(failure)", failure.remedy)
        }
        #endif
        return ("\(reason)", generic)
    }

    /// Moves the home (or each place) aside and logs in afresh: what to do
    /// when the app's own key is gone, with the real paths.
    var startOver: String {
        let directories = home.root.map { [$0.string] } ?? [home.app.string, home.keychain.string, home.container.string]
        let moves = directories.map { "mv \(Self.quoted($0)) \(Self.quoted($0 + ".old"))" }
        return "start over: move the home away and log in again: `\((moves + ["bridgectl login --user ID"]).joined(separator: "; "))`"
    }

    private func pinnedKeyFindings(_ files: StoredFiles, signingKeyPath: String, pinPath: String) -> [Finding] {
        guard let pem = files.signingKey.contents, let signing = try? Ed25519.PrivateKey(pemRepresentation: pem),
              let bytes = files.pinnedKey.contents,
              let pinned = try? Ed25519.PublicKey(pinnedKeyPEM: bytes)
        else { return [] }
        guard pinned == signing.publicKey else {
            return [Finding(
                .pinnedKey, .problem,
                "the widget's pinned key \(pinned.keyID) is not the app's signing key \(signing.publicKey.keyID): widgets reject everything the app signs",
                fix: "if you replaced neither key yourself, \(startOver); else re-pin: `\(files.repinCommand(app: signingKeyPath, pin: pinPath))`")]
        }
        return [Finding(.pinnedKey, .ok, "the widget's pinned key is the app's signing key (\(pinned.keyID))")]
    }
}

extension Doctor {
    /// `bridgectl login` for `user`, or with `ID` to fill in when nobody
    /// knows who; as the fixes quote it (and `bridgectl`'s advice).
    package static func loginCommand(for user: String?) -> String {
        "bridgectl login --user \(user ?? "ID")"
    }

    /// The fix for a missing or damaged data keyset, which `bridgectl`'s
    /// errors give too: a new login writes a new keyset.
    package static let newKeysetFix = "log out and in again for a new keyset: `bridgectl logout; bridgectl login --user ID`"
}

extension String {
    /// The text with its first letter lower-cased, to go on inside a sentence.
    fileprivate var lowercasingFirstLetter: String { prefix(1).lowercased() + dropFirst() }
}

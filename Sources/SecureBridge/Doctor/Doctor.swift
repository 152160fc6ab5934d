public import SecureBridge
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
import Foundation
#endif
public import Logging
import SystemPackage
#if canImport(SecureBridgeDesktop)
import SecureBridgeDesktop
#endif

/// `bridgectl doctor`: checks a home and explains, one finding each, what is
/// right and what is wrong, with a fix.
///
/// It looks at the OpenSSL in use, the three places (present, directories,
/// owner and permissions), every file SecureBridge keeps (through the same
/// checked reads the app and the widget use), the keys (present, parseable,
/// the pinned key matching the signing key), the session as the app recorded
/// it and as the widget's gate sees it, the snapshot's age and expiry, the
/// clock, and leftover temporary files.
///
/// It changes nothing: it creates no directory, writes no mark and never
/// prints a secret, balance, IBAN or account name.
public struct Doctor: Sendable {
    /// The places examined.
    public let home: BridgeHome
    /// Where the examination's summary is logged (counts, at debug level).
    public let logger: Logger

    /// A doctor for `home`.
    /// - Parameters:
    ///   - home: The places to examine.
    ///   - logger: Where to log; `Logger.secureBridge` by default.
    public init(home: BridgeHome, logger: Logger = .secureBridge) {
        self.home = home
        self.logger = logger
    }

    /// Runs every check.
    /// - Parameter now: The clock reading to judge expiry and the clock by.
    /// - Returns: The findings, in a fixed order of checks, each consequence
    ///   under the finding it follows from (``Finding/cause``).
    public func examine(now: Date) -> DoctorReport {
        var findings = [Self.cryptoFinding()]
        var user: String?
        let places = Dictionary(uniqueKeysWithValues: StoragePlace.allCases.map { ($0, PlaceState(place: $0, home: home)) })
        findings += layoutFindings(places)
        if places.values.allSatisfy({ if case .missing = $0 { true } else { false } }) {
            findings.append(Self.widgetFinding(for: .refused(.notOnboarded), now: now))
        } else {
            let files = StoredFiles(places: places)
            let state = files.appState
            user = state?.validUserID
            findings += permissionFindings(places, files)
            findings += keyFindings(files, state: state)
            findings += sessionFindings(files, state: state, now: now)
            let reading = widgetReading(files, now: now)
            findings.append(widgetFinding(for: reading.result, now: reading.now, files: files))
            findings += agreementFindings(files, state: state, reading: reading)
            findings += snapshotFindings(files, state: state, now: now)
            findings += clockFindings(files, now: now)
            findings += temporaryFileFindings(places)
        }
        let report = DoctorReport(findings: Self.placingConsequences(findings.map { $0.naming(user: user) }))
        logger.debug("examined", metadata: [
            "problems": "\(report.count(of: .problem))", "warnings": "\(report.count(of: .warning))",
        ])
        return report
    }
}

// MARK: - What the checks look at

extension Doctor {
    /// One place's directory: missing, refused by the storage checks, or ready.
    enum PlaceState {
        case missing
        case refused(StorageError)
        case ready(SecureDirectory)

        init(place: StoragePlace, home: BridgeHome) {
            do {
                self = try home.open(place).map(PlaceState.ready) ?? .missing
            } catch let error as StorageError {
                self = .refused(error)
            } catch {
                self = .refused(StorageError(.io(path: home.path(for: place).string, operation: .open, errno: .ioError)))
            }
        }

        var directory: SecureDirectory? {
            if case let .ready(directory) = self { return directory }
            return nil
        }
    }

    /// A file read through the storage checks.
    enum Stored<Contents> {
        case absent
        case refused(StorageError)
        /// A keychain item the store could not give (the Secret Service
        /// unreachable or locked, or `store` damaged): the keychain finding says why.
        case unreachable
        case present(Contents)

        var contents: Contents? {
            if case let .present(contents) = self { return contents }
            return nil
        }

        var isPresent: Bool {
            if case .present = self { return true }
            return false
        }
    }

    /// Every file SecureBridge keeps, read once with the checks of
    /// `SecureDirectory.read` (secrets into `SecureBytes`).
    struct StoredFiles {
        let signingKey: Stored<SecureBytes>
        let passcode: Stored<SecureBytes>
        let state: Stored<[UInt8]>
        let keyset: Stored<SecureBytes>
        let pinnedKey: Stored<[UInt8]>
        let marks: Stored<[UInt8]>
        let onboarding: Stored<[UInt8]>
        let authStatus: Stored<[UInt8]>
        let snapshot: Stored<[UInt8]>
        let reloadToken: Stored<[UInt8]>
        /// The keychain place with its store, or why its store could not be
        /// read (`nil` when the directory is missing or refused).
        let keychain: Result<Keychain, any Error>?

        init(places: [StoragePlace: PlaceState]) {
            func load<T>(_ place: StoragePlace, _ read: (SecureDirectory) throws -> T?) -> Stored<T> {
                guard let directory = places[place]?.directory else { return .absent }
                do {
                    return try read(directory).map(Stored.present) ?? .absent
                } catch let error as StorageError {
                    return .refused(error)
                } catch {
                    return .refused(StorageError(.io(path: directory.path.string, operation: .read, errno: .ioError)))
                }
            }
            signingKey = load(.app) { try $0.readSecret(.signingKey) }
            state = load(.app) { try $0.read(.state) }
            let keychain = places[.keychain]?.directory.map { directory in Result { try Keychain(directory) } }
            /// An item its store says is damaged reads as `damaged`, which no check takes for a valid item.
            func item<T>(damaged: T, _ read: (Keychain) throws -> T?) -> Stored<T> {
                guard case let .success(place) = keychain else { return keychain == nil ? .absent : .unreachable }
                do {
                    return try read(place).map(Stored.present) ?? .absent
                } catch let error as StorageError {
                    return .refused(error)
                } catch KeychainError.corrupt {
                    return .present(damaged)
                } catch {
                    return .unreachable
                }
            }
            self.keychain = keychain
            if case let .success(place) = keychain, place.store.kind != .files {
                passcode = item(damaged: SecureBytes(copying: [])) { try $0.readSecret(.passcode) }
            } else {
                passcode = load(.app) { try $0.readSecret(.passcode) }
            }
            keyset = item(damaged: SecureBytes(copying: [])) { try $0.readSecret(.keyset) }
            pinnedKey = item(damaged: []) { try $0.read(.pinnedKey) }
            marks = item(damaged: []) { try $0.read(.marks) }
            onboarding = load(.container) { try $0.read(.onboarding) }
            authStatus = load(.container) { try $0.read(.authStatus) }
            snapshot = load(.container) { try $0.read(.snapshot) }
            reloadToken = load(.container) { try $0.read(.reloadToken) }
        }

        /// Every file with its place and name, for the permission check.
        var all: [(place: StoragePlace, name: String, refusal: StorageError?, present: Bool)] {
            func entry<T>(_ place: StoragePlace, _ name: String, _ stored: Stored<T>) -> (StoragePlace, String, StorageError?, Bool) {
                switch stored {
                case .absent, .unreachable: (place, name, nil, false)
                case let .refused(error): (place, name, error, false)
                case .present: (place, name, nil, true)
                }
            }
            // Items the Secret Service keeps are no files to check.
            let keychainFiles = isKeychainInFiles ? [
                entry(.app, StoredFile.passcode.name, passcode), entry(.keychain, StoredFile.keyset.name, keyset),
                entry(.keychain, StoredFile.pinnedKey.name, pinnedKey), entry(.keychain, StoredFile.marks.name, marks),
            ] : []
            return [entry(.app, StoredFile.signingKey.name, signingKey), entry(.app, StoredFile.state.name, state)] + keychainFiles + [
                entry(.container, StoredFile.onboarding.name, onboarding), entry(.container, StoredFile.authStatus.name, authStatus),
                entry(.container, StoredFile.snapshot.name, snapshot), entry(.container, StoredFile.reloadToken.name, reloadToken),
            ]
        }

        /// Whether the keychain's items are files (the store is files, or could not be read).
        var isKeychainInFiles: Bool {
            guard case let .success(place) = keychain else { return true }
            return place.store.kind == .files
        }

        /// The `secret-tool` attributes of the keychain item `name`, when the
        /// keychain is in the Secret Service; `nil` for files.
        func secretToolAttributes(_ name: String) -> String? {
            #if canImport(SecureBridgeDesktop)
            guard case let .success(place) = keychain, place.store.kind == .secretService, let id = place.store.id else { return nil }
            return SecretServiceItems.attributes(keychain: id, item: name).map { "\($0) \($1)" }.joined(separator: " ")
            #else
            return nil
            #endif
        }

        /// The command that writes the pinned key again from the signing key at `app`, to `pin` or its item.
        func repinCommand(app: String, pin: String) -> String {
            if let attributes = secretToolAttributes(StoredFile.pinnedKey.name) {
                return "openssl pkey -in \(Doctor.quoted(app)) -pubout | secret-tool store --label='SecureBridge \(StoredFile.pinnedKey.name)' \(attributes)"
            }
            return "openssl pkey -in \(Doctor.quoted(app)) -pubout -out \(Doctor.quoted(pin)) && chmod 600 \(Doctor.quoted(pin))"
        }

        /// The command that removes the keychain item `name` at `path`, or in the Secret Service.
        func removeCommand(_ name: String, path: String) -> String {
            secretToolAttributes(name).map { "secret-tool clear \($0)" } ?? "rm \(Doctor.quoted(path))"
        }

        /// How a finding names the keychain item `name`: its path, or the item in its store.
        func keychainItem(_ name: String, in home: BridgeHome) -> String {
            guard case let .success(place) = keychain, place.store.kind != .files else { return home.keychain.appending(name).string }
            return place.store.kind.rawValue == "secret-service"
                ? "the Secret Service item `\(name)`" : "the keychain item `\(name)` (\(place.store.kind.whereKept))"
        }

        /// The app's bookkeeping, or `nil` when it is absent, refused or damaged.
        var appState: AppState? {
            state.contents.flatMap { try? AppState(storedBytes: $0) }
        }

        /// The keychain's high-water marks, or `nil`.
        var highWaterMarks: HighWaterMarks? {
            marks.contents.flatMap { try? HighWaterMarks(storedBytes: $0) }
        }

        /// The snapshot's clear header (not verified), or `nil`.
        var snapshotHeader: SnapshotHeader? {
            snapshot.contents.flatMap { try? SnapshotEnvelope(bytes: $0).header }
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SecureDirectory {
    /// Whether a careless reader skips the mode check of this place
    /// (`isDirectory`) or of a file in it.
    func carelesslySkipsMode(isDirectory: Bool) -> Bool {
        switch (place, isDirectory) {
        case (.keychain, true): CarelessReading.isBroken(.skipsKeychainPlaceMode)
        case (.container, true): CarelessReading.isBroken(.skipsContainerPlaceMode)
        case (.keychain, false): CarelessReading.isBroken(.skipsKeychainFileMode)
        case (.container, false): CarelessReading.isBroken(.skipsContainerFileMode)
        default: false
        }
    }

    /// A careless reader's refusal of a place holding a name SPEC.md 3.1 does
    /// not list (`refusesOtherNames`); nothing when the rule is kept.
    func carelesslyRefuseOtherNames() throws {
        guard CarelessReading.isBroken(.refusesOtherNames) else { return }
        let known: Set = [
            FileName.keyset, FileName.pinnedKey, FileName.marks, FileName.store, ".lock",
            FileName.onboarding, FileName.authStatus, FileName.snapshot, FileName.reloadToken,
        ]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path.string)) ?? []
        if let other = names.first(where: { !known.contains($0) }) {
            throw StorageError(.notRegularFile(path: self.path(of: other)))
        }
    }
}

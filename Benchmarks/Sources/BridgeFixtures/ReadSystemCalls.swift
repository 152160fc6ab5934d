import Foundation

/// The system calls a widget read makes to see that nothing changed, and
/// nothing else: the floor under a long-lived reader's re-read of unchanged
/// files, which skips the cryptography but must still look at every file.
///
/// The same calls as `WidgetReader.read` (strace shows them): `lstat` of
/// every component of the keychain's, the container's and the app's paths
/// (the ancestor and overlap checks), each of the two places opened and
/// `fstat`ed, then for each of the six files it reads (`marks`,
/// `publisher.pub`, `keyset`; `onboarding`, `auth-status`, `snapshot`):
/// `fstatat`, `openat`, `fstat`, a read of its size, a read of one byte
/// more, `close`. Plain Glibc calls, no SecureBridge code.
public struct ReadSystemCalls: Sendable {
    let ancestors: [String]
    let keychain: String
    let container: String

    public init(home root: String) {
        var paths: [String] = []
        for place in ["keychain", "container", "app"] {
            var path = ""
            paths.append("/")
            for component in (root + "/" + place).split(separator: "/") {
                path += "/" + component
                paths.append(path)
            }
        }
        ancestors = paths
        keychain = root + "/keychain"
        container = root + "/container"
    }

    /// Makes the calls once; returns the bytes read, so none is optimised away.
    public func run() -> Int {
        var total = 0
        var status = stat()
        for path in ancestors { _ = lstat(path, &status) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        for (directory, names) in [(keychain, ["marks", "publisher.pub", "keyset"]),
                                   (container, ["onboarding", "auth-status", "snapshot"])] {
            let place = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard place >= 0 else { continue }
            _ = fstat(place, &status)
            for name in names {
                _ = fstatat(place, name, &status, AT_SYMLINK_NOFOLLOW)
                let file = openat(place, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
                guard file >= 0 else { continue }
                _ = fstat(file, &status)
                let size = min(Int(status.st_size), buffer.count - 1)
                total += buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, size) }
                total += buffer.withUnsafeMutableBytes { read(file, $0.baseAddress! + size, 1) }
                close(file)
            }
            close(place)
        }
        return total
    }
}

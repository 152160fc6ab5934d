import Foundation
import SystemPackage
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// Reader vectors for points SPEC 1.1 settles beyond 1.0 (docs/SPEC.md,
/// Appendix B): the storage errors and modes of 3.2 a home can hold, and the
/// instants of an auth status (4.2, 6.2).
extension ConformanceCatalog {
    func settled() throws {
        try storageErrors()
        try authStatusInstants()
        let base = try base()
        try writer.reader("pinned-key-not-a-point", "keychain/publisher.pub in the canonical layout, its 32 key bytes no point of the curve (y = 2).", section: "5.1 (pinned key)", from: base, at: published, intent: .refused) { home in
            try home.write("keychain/publisher.pub", Self.pinnedKeyNotAPoint)
        }
    }

    // MARK: Storage (3.2): sockets, modes closed to the owner, places and links

    func storageErrors() throws {
        let section = "3.2 (storage checks)"
        let base = try base()
        for file in ["keychain/keyset", "keychain/marks", "container/snapshot", "container/auth-status"] {
            let name = file.split(separator: "/").last!
            try writer.reader("socket-\(name)", "\(file) a socket (ENXIO on an open): insecure-storage.", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try home.remove(file)
                try ConformanceHome.makeSocket(at: home.path(file))
            }
        }
        // Modes its owner cannot use: refused by the mode, so root (whom the
        // kernel lets in) and the user (who meets EACCES) agree.
        for (file, mode) in [("keychain/keyset", 0o000 as mode_t), ("keychain/keyset", 0o200), ("container/snapshot", 0o000), ("container/auth-status", 0o200)] {
            let name = file.split(separator: "/").last!
            try writer.reader("mode-\(name)-\(String(format: "%03o", mode))", "\(file) with mode \(String(format: "%04o", mode)), which its owner cannot read: insecure-storage (as root too).", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try home.setMode(file, mode)
            }
        }
        for (place, mode) in [("", 0o600 as mode_t), ("keychain", 0o600), ("container", 0o644)] {
            let label = place.isEmpty ? "home" : place
            try writer.reader("mode-\(label)-\(String(mode, radix: 8))", "The \(label) directory with mode \(String(format: "%04o", mode)), which its owner cannot search: insecure-storage (as root too).", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try home.setMode(place, mode)
            }
        }
        // The reload token is never read: its mode and type do not matter to a reader.
        for mode: mode_t in [0o666, 0o000] {
            try writer.reader("mode-reload-token-\(String(format: "%03o", mode))", "container/reload-token with mode \(String(format: "%04o", mode)): ignored (full).", section: "3.1 (files)", from: base, at: published, intent: .full) { home in
                try home.setMode("container/reload-token", mode)
            }
        }
        try writer.reader("fifo-reload-token", "container/reload-token a FIFO: ignored (full; a reader that opens it hangs).", section: "3.1 (files)", from: base, at: published, intent: .full) { home in
            try home.remove("container/reload-token")
            guard mkfifo(home.path("container/reload-token"), 0o600) == 0 else { throw Errno(rawValue: errno) }
        }
        // Places that are missing or links, whatever they point at.
        try writer.reader("no-home", "The home directory itself does not exist: not-onboarded (no keychain, ENOENT on the way).", section: "6.1 (places)", from: base, at: published, intent: .placeholder(.notOnboarded)) { home in
            try FileManager.default.removeItem(atPath: home.root)
        }
        for place in ["keychain", "container"] {
            try writer.reader("dangling-\(place)-link", "The \(place) place a symbolic link to nothing: insecure-storage (a link, not an absent place).", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
                try FileManager.default.removeItem(atPath: home.path(place))
                try FileManager.default.createSymbolicLink(atPath: home.path(place), withDestinationPath: "\(place)-gone")
            }
        }
        try writer.reader("container-link-into-keychain", "The container place a link, owned by the user, to a directory inside keychain/ holding the container's files: insecure-storage.", section: section, from: base, at: published, intent: .placeholder(.insecureStorage)) { home in
            try FileManager.default.moveItem(atPath: home.path("container"), toPath: home.path("keychain/box"))
            try FileManager.default.createSymbolicLink(atPath: home.path("container"), withDestinationPath: "keychain/box")
        }
    }

    // MARK: Auth status instants (4.2, 6.2)

    /// The auth status of `base` with its payload changed by `change` and
    /// signed again by the pinned key, at the same sequence.
    static func resignedAuthStatus(_ base: ConformanceHome, _ change: (inout [UInt8]) -> Void) throws -> [UInt8] {
        let record = try base.bytes("container/auth-status")
        var payload = Array(record[24 ..< 24 + AuthStatus.payloadByteCount])
        change(&payload)
        let key = try base.app.loadSigningKey(try Places.prepare(base.home))
        return try SignedRecord.sign(kind: .authStatus, sequence: try base.sequence("container/auth-status"), payload: payload, with: key).bytes
    }

    /// `value` big-endian at `offset` of `payload`.
    static func put(_ value: Int64, at offset: Int, in payload: inout [UInt8]) {
        for index in 0 ..< 8 { payload[offset + index] = UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> (56 - 8 * UInt64(index))) }
    }

    func authStatusInstants() throws {
        let section = "6.2 (auth status)"
        let base = try base()
        let issuedAt = 9, sessionExpiresAt = 17  // offsets in the payload
        let cases: [(String, String, Int64?, Int64?, Conformance.Intent)] = [
            ("auth-status-issued-after-session-end", "An auth status issued a day after its session's end, read before that end: full (no rule ties issuedAt to sessionExpiresAt).", sessionEnd + 86_400, nil, .full),
            ("auth-status-issued-at-session-end", "An auth status whose issuedAt equals its sessionExpiresAt, read before: full.", sessionEnd, nil, .full),
            ("auth-status-issued-after-now", "An auth status issued an hour after the reader's instant: full (issuedAt is the publisher's clock, never compared).", published + 3_600, nil, .full),
            ("auth-status-issued-at-zero", "An auth status with issuedAt 0, before its onboarding: full.", 0, nil, .full),
            ("auth-status-session-end-zero", "An auth status whose session ended at 0 (1970): session-expired, not tampered.", nil, 0, .placeholder(.sessionExpired)),
            ("auth-status-session-end-min", "An auth status whose sessionExpiresAt is −2^63: session-expired, not tampered.", nil, .min, .placeholder(.sessionExpired)),
            ("auth-status-session-end-max", "An auth status whose sessionExpiresAt is 2^63 − 1: full (the session never ends).", nil, .max, .full),
        ]
        for (id, description, issued, ends, intent) in cases {
            let record = try Self.resignedAuthStatus(base) { payload in
                if let issued { Self.put(issued, at: issuedAt, in: &payload) }
                if let ends { Self.put(ends, at: sessionExpiresAt, in: &payload) }
            }
            try writer.reader(id, description, section: section, from: base, at: published, intent: intent) { home in
                try home.write("container/auth-status", record)
            }
        }
        let control = try Self.resignedAuthStatus(base) { _ in }
        try writer.reader("auth-status-resigned", "The same auth status signed again by the pinned key: full (the control of the auth-status-issued-* and -session-end-* vectors).", section: section, from: base, at: published, intent: .full) { home in
            try home.write("container/auth-status", control)
        }
        let late = try base.copy()
        try late.app.logout(now: ConformanceHome.date(sessionEnd + 60))
        try writer.reader("logged-out-after-session-end", "Logged out a minute after the session ended (issuedAt after sessionExpiresAt), read then: logged-out.", section: section, from: late, at: sessionEnd + 60, intent: .placeholder(.loggedOut))
        try writer.reader("logged-out-after-session-end-read-before", "The same logged-out status read at the snapshot's instant, before it was issued: logged-out.", section: section, from: late, at: published, intent: .placeholder(.loggedOut))
    }

    // MARK: The pinned key (5.1)

    /// A canonical SPKI PEM whose 32 key bytes (y = 2) decode to no point of edwards25519.
    static let pinnedKeyNotAPoint: [UInt8] = {
        let der: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00, 0x02] + [UInt8](repeating: 0, count: 31)
        return Array("-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString())\n-----END PUBLIC KEY-----\n".utf8)
    }()
}

extension ConformanceHome {
    /// Binds a Unix socket at `path` (a socket where a file belongs) and
    /// closes it: the socket file stays.
    static func makeSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Errno.fileNameTooLong }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in buffer.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw Errno(rawValue: errno) }
    }
}

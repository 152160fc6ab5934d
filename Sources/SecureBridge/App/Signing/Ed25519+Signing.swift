/// The signing half of Ed25519: only the app side, and so only this module, holds a private key.
extension Ed25519 {
    /// An Ed25519 private key; it can sign, and it knows its public key.
    package struct PrivateKey: Sendable, CustomStringConvertible {
        let handle: Backend.Key
        package let publicKey: PublicKey

        /// A new random key.
        package init() throws {
            try self.init(rawRepresentation: SecureBytes.random(count: Ed25519.keyByteCount))
        }

        /// Imports a raw 32-byte seed.
        /// - Throws: `BridgeError(.invalidKeyLength)` unless the seed is 32 bytes.
        package init(rawRepresentation seed: SecureBytes) throws {
            guard seed.count == Ed25519.keyByteCount else {
                throw BridgeError(.invalidKeyLength(expected: Ed25519.keyByteCount, actual: seed.count))
            }
            try self.init(handle: Backend.privateKey(seed: seed))
        }

        /// Reads a PKCS#8 PEM private key, as `openssl genpkey -algorithm ed25519` writes it.
        /// The canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through the backend's PEM reader.
        /// - Throws: `BridgeError(.invalidKeyEncoding)` for anything but an Ed25519 PKCS#8 key.
        package init(pemRepresentation pem: SecureBytes) throws {
            if let seed = Self.canonicalPEMSeed(pem) {
                try self.init(rawRepresentation: seed)
            } else {
                try self.init(backendPEM: pem)
            }
        }

        /// Reads a PKCS#8 PEM with the backend's reader, whatever its layout.
        init(backendPEM pem: SecureBytes) throws {
            try self.init(handle: Backend.readPEM(pem, kind: .privateKey))
        }

        private init(handle: Backend.Key) throws {
            self.handle = handle
            publicKey = try PublicKey(rawRepresentation: Backend.rawPublicKey(of: handle))
        }

        /// The raw 32-byte seed, in wiped memory.
        package var rawRepresentation: SecureBytes {
            get throws { try Backend.rawPrivateKey(of: handle) }
        }

        /// The key as PKCS#8 PEM, in wiped memory.
        package var pemRepresentation: SecureBytes {
            get throws { try Backend.pem(of: handle, kind: .privateKey) }
        }

        /// The 64-byte signature of `context ‖ 0x00 ‖ message`.
        package func signature(for message: some Collection<UInt8>, context: Context) throws -> [UInt8] {
            let framed = Bytes.withContiguous(message) { context.framing($0) }
            return try rawSignature(for: framed)
        }

        /// Signs `message` exactly as given, with no context (RFC 8032 test vectors).
        func rawSignature(for message: [UInt8]) throws -> [UInt8] {
            try Backend.signature(for: message, with: handle)
        }

        package var description: String { "Ed25519.PrivateKey(\(publicKey.keyID), redacted)" }
    }
}

extension Ed25519.PrivateKey {
    /// The 32-byte seed of a canonical PKCS#8 PEM, or `nil`; the decoded key never leaves wiped memory.
    static func canonicalPEMSeed(_ pem: SecureBytes) -> SecureBytes? {
        let derCount = CanonicalPEM.privateKeyPrefix.count + Ed25519.keyByteCount
        return pem.withUnsafeBytes { bytes -> SecureBytes? in
            guard let body = CanonicalPEM.body(of: bytes, label: "PRIVATE KEY", length: 64) else { return nil }
            return try? SecureBytes(count: derCount) { der in
                guard Base64.decodeCanonical(body, into: der) == derCount,
                    der.prefix(CanonicalPEM.privateKeyPrefix.count).elementsEqual(CanonicalPEM.privateKeyPrefix)
                else { throw BridgeError(.invalidKeyEncoding(.notCanonical)) }
            }
        }.map { der in
            der.withUnsafeBytes { SecureBytes(copying: $0.suffix(Ed25519.keyByteCount)) }
        }
    }
}

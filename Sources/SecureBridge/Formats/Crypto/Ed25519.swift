/// Ed25519 signatures (RFC 8032, pure mode).
///
/// Every signature SecureBridge makes is over `context label ‖ 0x00 ‖ message`,
/// so a signature made for one purpose never verifies for another.
package enum Ed25519 {
    /// Bytes in a raw private or public key.
    static let keyByteCount = 32
    /// Bytes in a signature.
    package static let signatureByteCount = 64

    /// What a signature is for. The label is signed before the message.
    package struct Context: Sendable, Equatable {
        let label: [UInt8]

        /// A context with an ASCII label that contains no NUL byte.
        package init(_ label: StaticString) {
            let bytes = label.withUTF8Buffer { Array($0) }
            precondition(!bytes.contains(0), "a signing context label must not contain NUL")
            self.label = bytes
        }

        func framing(_ message: UnsafeRawBufferPointer) -> [UInt8] {
            var framed = label
            framed.reserveCapacity(label.count + 1 + message.count)
            framed.append(0)
            framed.append(contentsOf: message)
            return framed
        }
    }

    /// An Ed25519 private key; it can sign, and it knows its public key.
    package struct PrivateKey: Sendable, CustomStringConvertible {
        let handle: Backend.Key
        /// The matching public key.
        package let publicKey: PublicKey

        /// A new random key.
        package init() throws {
            try self.init(rawRepresentation: SecureBytes.random(count: Ed25519.keyByteCount))
        }

        /// Imports a raw 32-byte seed.
        /// - Throws: `CryptoError.invalidKeyLength` unless the seed is 32 bytes.
        package init(rawRepresentation seed: SecureBytes) throws {
            guard seed.count == Ed25519.keyByteCount else {
                throw CryptoError(.invalidKeyLength(expected: Ed25519.keyByteCount, actual: seed.count))
            }
            try self.init(handle: Backend.privateKey(seed: seed))
        }

        /// Reads a PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`), as
        /// `openssl genpkey -algorithm ed25519` writes it.
        ///
        /// The canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through the backend's PEM reader.
        /// - Throws: `CryptoError.invalidKeyEncoding` for anything but an Ed25519 PKCS#8 key.
        package init(pemRepresentation pem: SecureBytes) throws {
            if let seed = Self.canonicalPEMSeed(pem) {
                try self.init(rawRepresentation: seed)
            } else {
                try self.init(backendPEM: pem)
            }
        }

        /// Reads a PKCS#8 PEM with the backend's PEM reader, whatever its layout:
        /// the general path that `canonicalPEMSeed` is the fast path of.
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

        /// Signs `context ‖ 0x00 ‖ message`.
        /// - Returns: The 64-byte signature.
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

    /// An Ed25519 public key.
    package struct PublicKey: Sendable, Equatable, CustomStringConvertible {
        let handle: Backend.Key
        /// The raw 32-byte key.
        package let rawRepresentation: [UInt8]
        /// The short id that names this key inside envelopes and records.
        package let keyID: KeyID

        /// Imports a raw 32-byte public key.
        /// - Throws: `CryptoError.invalidKeyLength` unless the key is 32 bytes.
        package init(rawRepresentation raw: some Collection<UInt8>) throws {
            guard raw.count == Ed25519.keyByteCount else {
                throw CryptoError(.invalidKeyLength(expected: Ed25519.keyByteCount, actual: raw.count))
            }
            let bytes = Array(raw)
            handle = try Backend.publicKey(raw: bytes)
            rawRepresentation = bytes
            keyID = try KeyID(publicKey: bytes)
        }

        /// Reads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
        ///
        /// The canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through the backend's PEM reader.
        /// - Throws: `CryptoError.invalidKeyEncoding` for anything but an Ed25519 key.
        package init(pemRepresentation pem: String) throws {
            if let raw = Self.canonicalPEMRawKey(pem.utf8) {
                try self.init(rawRepresentation: raw)
            } else {
                try self.init(backendPEM: pem)
            }
        }

        /// Reads a SubjectPublicKeyInfo PEM with the backend's PEM reader, whatever
        /// its layout: the general path that `canonicalPEMRawKey` is the fast path of.
        init(backendPEM pem: String) throws {
            let handle = try Backend.readPEM(SecureBytes(copying: Array(pem.utf8)), kind: .publicKey)
            try self.init(rawRepresentation: Backend.rawPublicKey(of: handle))
        }

        /// The key as SubjectPublicKeyInfo PEM.
        package var pemRepresentation: String {
            get throws {
                try Backend.pem(of: handle, kind: .publicKey).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            }
        }

        /// Whether `signature` is this key's signature of `context ‖ 0x00 ‖ message`.
        /// Wrong-length signatures are rejected before the backend sees them.
        func isValidSignature(
            _ signature: some Collection<UInt8>, for message: some Collection<UInt8>, context: Context
        ) -> Bool {
            let framed = Bytes.withContiguous(message) { context.framing($0) }
            return isValidRawSignature(signature, for: framed)
        }

        /// Verifies a signature over `message` exactly as given, with no context.
        func isValidRawSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
            guard signature.count == Ed25519.signatureByteCount else { return false }
            return Bytes.withContiguous(signature) { signature in
                Bytes.withContiguous(message) { message in
                    Backend.isValidSignature(signature, for: message, key: handle)
                }
            }
        }

        package static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
            lhs.rawRepresentation == rhs.rawRepresentation
        }

        package var description: String { "Ed25519.PublicKey(\(keyID))" }
    }
}

extension Ed25519 {
    /// The two PEM documents an Ed25519 key is read from and written as.
    typealias PEMKind = CryptoError.KeyDocument
}

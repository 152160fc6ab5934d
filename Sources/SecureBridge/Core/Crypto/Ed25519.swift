internal import COpenSSL

/// Ed25519 signatures (RFC 8032, pure mode) over OpenSSL's EVP interface.
///
/// Every signature SecureBridge makes is over `context label ‖ 0x00 ‖ message`,
/// so a signature made for one purpose never verifies for another.
package enum Ed25519 {
    /// Bytes in a raw private or public key.
    package static let keyByteCount = 32
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
        let handle: KeyHandle
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
                throw CryptoError.invalidKeyLength(expected: Ed25519.keyByteCount, actual: seed.count)
            }
            _ = OpenSSL.initialized
            let pointer = seed.withUnsafeBytes { raw in
                EVP_PKEY_new_raw_private_key(
                    EVP_PKEY_ED25519, nil, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
            }
            try self.init(handle: KeyHandle(try OpenSSL.require(pointer, "EVP_PKEY_new_raw_private_key")))
        }

        /// Reads a PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`), as
        /// `openssl genpkey -algorithm ed25519` writes it.
        ///
        /// The canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through OpenSSL's PEM reader.
        /// - Throws: `CryptoError.invalidKeyEncoding` for anything but an Ed25519 PKCS#8 key.
        package init(pemRepresentation pem: SecureBytes) throws {
            if let seed = Self.canonicalPEMSeed(pem) {
                try self.init(rawRepresentation: seed)
            } else {
                try self.init(handle: PEM.read(pem, kind: .privateKey))
            }
        }

        /// Reads a PKCS#8 PEM with OpenSSL's PEM reader, whatever its layout.
        init(openSSLPEM pem: SecureBytes) throws {
            try self.init(handle: PEM.read(pem, kind: .privateKey))
        }

        private init(handle: KeyHandle) throws {
            self.handle = handle
            var raw = [UInt8](repeating: 0, count: Ed25519.keyByteCount)
            var length = raw.count
            try OpenSSL.check(EVP_PKEY_get_raw_public_key(handle.pointer, &raw, &length), "EVP_PKEY_get_raw_public_key")
            publicKey = try PublicKey(rawRepresentation: raw)
        }

        /// The raw 32-byte seed, in wiped memory.
        package var rawRepresentation: SecureBytes {
            get throws {
                try SecureBytes(count: Ed25519.keyByteCount) { (buffer) throws in
                    var length = buffer.count
                    try OpenSSL.check(
                        EVP_PKEY_get_raw_private_key(handle.pointer, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length),
                        "EVP_PKEY_get_raw_private_key")
                }
            }
        }

        /// The key as PKCS#8 PEM, in wiped memory.
        package var pemRepresentation: SecureBytes {
            get throws { try PEM.write(handle, kind: .privateKey) }
        }

        /// Signs `context ‖ 0x00 ‖ message`.
        /// - Returns: The 64-byte signature.
        package func signature(for message: some Collection<UInt8>, context: Context) throws -> [UInt8] {
            let framed = Bytes.withContiguous(message) { context.framing($0) }
            return try rawSignature(for: framed)
        }

        /// Signs `message` exactly as given, with no context (RFC 8032 test vectors).
        func rawSignature(for message: [UInt8]) throws -> [UInt8] {
            let context = try OpenSSL.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
            defer { EVP_MD_CTX_free(context) }
            try OpenSSL.check(EVP_DigestSignInit_ex(context, nil, nil, nil, nil, handle.pointer, nil), "EVP_DigestSignInit_ex")
            var signature = [UInt8](repeating: 0, count: Ed25519.signatureByteCount)
            var length = signature.count
            try OpenSSL.check(EVP_DigestSign(context, &signature, &length, message, message.count), "EVP_DigestSign")
            return signature
        }

        package var description: String { "Ed25519.PrivateKey(\(publicKey.keyID), redacted)" }
    }

    /// An Ed25519 public key.
    package struct PublicKey: Sendable, Equatable, CustomStringConvertible {
        let handle: KeyHandle
        /// The raw 32-byte key.
        package let rawRepresentation: [UInt8]
        /// The short id that names this key inside envelopes and records.
        package let keyID: KeyID

        /// Imports a raw 32-byte public key.
        /// - Throws: `CryptoError.invalidKeyLength` unless the key is 32 bytes.
        package init(rawRepresentation raw: some Collection<UInt8>) throws {
            guard raw.count == Ed25519.keyByteCount else {
                throw CryptoError.invalidKeyLength(expected: Ed25519.keyByteCount, actual: raw.count)
            }
            _ = OpenSSL.initialized
            let bytes = Array(raw)
            let pointer = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, bytes, bytes.count)
            handle = KeyHandle(try OpenSSL.require(pointer, "EVP_PKEY_new_raw_public_key"))
            rawRepresentation = bytes
            keyID = try KeyID(publicKey: bytes)
        }

        /// Reads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
        ///
        /// The canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through OpenSSL's PEM reader.
        /// - Throws: `CryptoError.invalidKeyEncoding` for anything but an Ed25519 key.
        package init(pemRepresentation pem: String) throws {
            if let raw = Self.canonicalPEMRawKey(pem.utf8) {
                try self.init(rawRepresentation: raw)
            } else {
                try self.init(openSSLPEM: pem)
            }
        }

        /// Reads a SubjectPublicKeyInfo PEM with OpenSSL's PEM reader, whatever its layout.
        init(openSSLPEM pem: String) throws {
            let handle = try PEM.read(SecureBytes(copying: Array(pem.utf8)), kind: .publicKey)
            var raw = [UInt8](repeating: 0, count: Ed25519.keyByteCount)
            var length = raw.count
            try OpenSSL.check(EVP_PKEY_get_raw_public_key(handle.pointer, &raw, &length), "EVP_PKEY_get_raw_public_key")
            try self.init(rawRepresentation: raw)
        }

        /// The key as SubjectPublicKeyInfo PEM.
        package var pemRepresentation: String {
            get throws {
                try PEM.write(handle, kind: .publicKey).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            }
        }

        /// Whether `signature` is this key's signature of `context ‖ 0x00 ‖ message`.
        /// Wrong-length signatures are rejected before OpenSSL sees them.
        package func isValidSignature(
            _ signature: some Collection<UInt8>, for message: some Collection<UInt8>, context: Context
        ) -> Bool {
            let framed = Bytes.withContiguous(message) { context.framing($0) }
            return isValidRawSignature(signature, for: framed)
        }

        /// Verifies a signature over `message` exactly as given, with no context.
        func isValidRawSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
            guard signature.count == Ed25519.signatureByteCount else { return false }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit_ex(context, nil, nil, nil, nil, handle.pointer, nil) == 1 else {
                ERR_clear_error()
                return false
            }
            let result = Bytes.withContiguous(signature) { sig in
                Bytes.withContiguous(message) { msg in
                    EVP_DigestVerify(
                        context, sig.baseAddress!.assumingMemoryBound(to: UInt8.self), sig.count,
                        msg.baseAddress?.assumingMemoryBound(to: UInt8.self), msg.count)
                }
            }
            if result != 1 { ERR_clear_error() }
            return result == 1
        }

        package static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
            lhs.rawRepresentation == rhs.rawRepresentation
        }

        package var description: String { "Ed25519.PublicKey(\(keyID))" }
    }
}

/// Owns one `EVP_PKEY`. OpenSSL keys are immutable once built and safe to use
/// from several threads at a time for signing and verifying.
final class KeyHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EVP_PKEY_free(pointer) }
}

/// PEM reading and writing through OpenSSL's secure-memory BIOs.
enum PEM {
    enum Kind { case privateKey, publicKey }

    static func read(_ pem: SecureBytes, kind: Kind) throws -> KeyHandle {
        _ = OpenSSL.initialized
        let pointer: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            // Without a callback OpenSSL asks for the passphrase of an encrypted
            // key on the controlling terminal and blocks; this one declines, so
            // an encrypted PEM just fails to read.
            let noPassphrase: @convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32 = { _, _, _, _ in -1 }
            switch kind {
            case .privateKey: return PEM_read_bio_PrivateKey(bio, nil, noPassphrase, nil)
            case .publicKey: return PEM_read_bio_PUBKEY(bio, nil, noPassphrase, nil)
            }
        }
        guard let pointer else {
            ERR_clear_error()
            throw CryptoError.invalidKeyEncoding(kind == .privateKey ? "not a PKCS#8 PEM private key" : "not a SubjectPublicKeyInfo PEM public key")
        }
        let handle = KeyHandle(pointer)
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_ED25519 else {
            throw CryptoError.invalidKeyEncoding("the PEM holds a key of another algorithm, not Ed25519")
        }
        return handle
    }

    static func write(_ handle: KeyHandle, kind: Kind) throws -> SecureBytes {
        _ = OpenSSL.initialized
        let bio = try OpenSSL.require(BIO_new(BIO_s_secmem()), "BIO_new(secmem)")
        defer { BIO_free(bio) }
        let result = switch kind {
        case .privateKey: PEM_write_bio_PrivateKey(bio, handle.pointer, nil, nil, 0, nil, nil)
        case .publicKey: PEM_write_bio_PUBKEY(bio, handle.pointer)
        }
        try OpenSSL.check(result, "PEM_write_bio")
        var data: UnsafePointer<UInt8>?
        let length = COpenSSL_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { throw OpenSSL.error("BIO_get_mem_data") }
        return SecureBytes(copying: UnsafeBufferPointer(start: data, count: length))
    }
}

#if OpenSSL && !CryptoKit
internal import COpenSSL

/// Ed25519 over OpenSSL's `EVP_PKEY` interface, and its PEM reader and writer.
/// `Ed25519` has checked key and signature lengths before these are called.
/// Whatever makes a `Key` initialises libcrypto first, so the functions that
/// take one need not.
enum OpenSSLEd25519 {
    /// Owns one `EVP_PKEY`. OpenSSL keys are immutable once built and safe to use
    /// from several threads at a time for signing and verifying.
    final class Key: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { EVP_PKEY_free(pointer) }
    }

    /// The private key of a 32-byte seed.
    static func privateKey(seed: SecureBytes) throws -> Key {
        try OpenSSL.initialize()
        let pointer = seed.withUnsafeBytes { raw in
            EVP_PKEY_new_raw_private_key(
                EVP_PKEY_ED25519, nil, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
        }
        return Key(try OpenSSL.require(pointer, "EVP_PKEY_new_raw_private_key"))
    }

    /// The public key of 32 raw bytes.
    static func publicKey(raw: [UInt8]) throws -> Key {
        try OpenSSL.initialize()
        let pointer = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, raw, raw.count)
        return Key(try OpenSSL.require(pointer, "EVP_PKEY_new_raw_public_key"))
    }

    /// The raw 32-byte public key of a private or public key.
    static func rawPublicKey(of key: Key) throws -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: Ed25519.keyByteCount)
        var length = raw.count
        try OpenSSL.check(EVP_PKEY_get_raw_public_key(key.pointer, &raw, &length), "EVP_PKEY_get_raw_public_key")
        return raw
    }

    /// The raw 32-byte seed of a private key, in wiped memory.
    static func rawPrivateKey(of key: Key) throws -> SecureBytes {
        try SecureBytes(count: Ed25519.keyByteCount) { (buffer) throws in
            var length = buffer.count
            try OpenSSL.check(
                EVP_PKEY_get_raw_private_key(key.pointer, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length),
                "EVP_PKEY_get_raw_private_key")
        }
    }

    /// The 64-byte signature of `message` exactly as given.
    static func signature(for message: [UInt8], with key: Key) throws -> [UInt8] {
        let context = try OpenSSL.require(EVP_MD_CTX_new(), "EVP_MD_CTX_new")
        defer { EVP_MD_CTX_free(context) }
        try OpenSSL.check(EVP_DigestSignInit_ex(context, nil, nil, nil, nil, key.pointer, nil), "EVP_DigestSignInit_ex")
        var signature = [UInt8](repeating: 0, count: Ed25519.signatureByteCount)
        var length = signature.count
        try OpenSSL.check(EVP_DigestSign(context, &signature, &length, message, message.count), "EVP_DigestSign")
        return signature
    }

    /// Whether `signature` (64 bytes) is `key`'s signature of `message` exactly as given.
    static func isValidSignature(_ signature: UnsafeRawBufferPointer, for message: UnsafeRawBufferPointer, key: Key) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit_ex(context, nil, nil, nil, nil, key.pointer, nil) == 1 else {
            OpenSSL.clearErrors()
            return false
        }
        let result = EVP_DigestVerify(
            context, signature.baseAddress!.assumingMemoryBound(to: UInt8.self), signature.count,
            message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
        if result != 1 { OpenSSL.clearErrors() }
        return result == 1
    }

    /// Reads a PEM of any layout OpenSSL's decoders take, through a memory BIO.
    /// - Throws: `CryptoError.invalidKeyEncoding` for anything but an Ed25519 key of `kind`.
    static func readPEM(_ pem: SecureBytes, kind: Ed25519.PEMKind) throws -> Key {
        try OpenSSL.initialize()
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
            OpenSSL.clearErrors()
            throw CryptoError.invalidKeyEncoding(kind == .privateKey ? "not a PKCS#8 PEM private key" : "not a SubjectPublicKeyInfo PEM public key")
        }
        let key = Key(pointer)
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_ED25519 else {
            throw CryptoError.invalidKeyEncoding("the PEM holds a key of another algorithm, not Ed25519")
        }
        return key
    }

    /// The key as PEM of `kind`, written through OpenSSL's secure-memory BIO into wiped memory.
    static func pem(of key: Key, kind: Ed25519.PEMKind) throws -> SecureBytes {
        try OpenSSL.initialize()
        let bio = try OpenSSL.require(BIO_new(BIO_s_secmem()), "BIO_new(secmem)")
        defer { BIO_free(bio) }
        let result = switch kind {
        case .privateKey: PEM_write_bio_PrivateKey(bio, key.pointer, nil, nil, 0, nil, nil)
        case .publicKey: PEM_write_bio_PUBKEY(bio, key.pointer)
        }
        try OpenSSL.check(result, "PEM_write_bio")
        var data: UnsafePointer<UInt8>?
        let length = COpenSSL_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { throw OpenSSL.error("BIO_get_mem_data") }
        return SecureBytes(copying: UnsafeBufferPointer(start: data, count: length))
    }
}
#endif

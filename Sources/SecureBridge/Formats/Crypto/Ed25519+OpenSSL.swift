#if OpenSSL && !CryptoKit
package import COpenSSL

extension OpenSSL {
    /// Ed25519 from the default provider, found once; `nil` when this OpenSSL has none.
    nonisolated(unsafe) static let ed25519 = provided(COpenSSL_ProviderSignature()) {
        COpenSSL_ProviderSignature_find($0, "ED25519", &$1)
    }

    package static var providesEd25519: Bool { ed25519 != nil }
}

/// Ed25519 over the default provider's key objects and signature functions, and its
/// PEM reader and writer. Callers have checked lengths; making a `Key` initialises libcrypto.
package enum OpenSSLEd25519 {
    /// Owns one of the provider's Ed25519 key objects, which keep a private key in OpenSSL's secure heap and wipe
    /// it when freed. Never changed once imported, and the provider uses one from several threads at once.
    package final class Key: @unchecked Sendable {
        package let keydata: UnsafeMutableRawPointer
        package let algorithm: COpenSSL_ProviderSignature

        fileprivate init(private isPrivate: Bool, raw: UnsafeRawBufferPointer) throws {
            try OpenSSL.initialize()
            guard var algorithm = OpenSSL.ed25519 else { throw OpenSSL.error("Ed25519 from the default provider") }
            let keydata = COpenSSL_ProviderSignature_importKey(
                &algorithm, isPrivate ? 1 : 0, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count)
            guard let keydata else { throw OpenSSL.error(isPrivate ? "Ed25519 private key import" : "Ed25519 public key import") }
            self.keydata = keydata
            self.algorithm = algorithm
        }

        deinit { algorithm.freeKey(keydata) }

        /// Copies the raw private or public key into `bytes`, which is exactly its size.
        fileprivate func export(private isPrivate: Bool, into bytes: UnsafeMutableRawBufferPointer) throws {
            var algorithm = algorithm
            let result = COpenSSL_ProviderSignature_exportKey(
                &algorithm, keydata, isPrivate ? 1 : 0, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
            try OpenSSL.check(result, isPrivate ? "Ed25519 private key export" : "Ed25519 public key export")
        }

        package func withSignatureContext<Value>(_ body: (UnsafeMutableRawPointer) throws -> Value) throws -> Value {
            guard let context = algorithm.newContext(algorithm.providerContext, nil) else {
                throw OpenSSL.error("Ed25519 new signature context")
            }
            defer { algorithm.freeContext(context) }
            return try body(context)
        }
    }

    package static func privateKey(seed: SecureBytes) throws -> Key {
        try seed.withUnsafeBytes { try Key(private: true, raw: $0) }
    }

    static func publicKey(raw: [UInt8]) throws -> Key {
        try raw.withUnsafeBytes { try Key(private: false, raw: $0) }
    }

    package static func rawPublicKey(of key: Key) throws -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: Ed25519.keyByteCount)
        try raw.withUnsafeMutableBytes { try key.export(private: false, into: $0) }
        return raw
    }

    /// The raw 32-byte seed of a private key, in wiped memory.
    package static func rawPrivateKey(of key: Key) throws -> SecureBytes {
        try SecureBytes(count: Ed25519.keyByteCount) { (buffer) throws in try key.export(private: true, into: buffer) }
    }

    static func isValidSignature(_ signature: UnsafeRawBufferPointer, for message: UnsafeRawBufferPointer, key: Key) -> Bool {
        let valid = try? key.withSignatureContext { context in
            guard key.algorithm.verifyInit(context, nil, key.keydata, nil) == 1 else { return false }
            return key.algorithm.verify(
                context, signature.baseAddress!.assumingMemoryBound(to: UInt8.self), signature.count,
                message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count) == 1
        }
        if valid != true { OpenSSL.clearErrors() }
        return valid == true
    }

    /// Reads a PEM of any layout OpenSSL's decoders take, through a memory BIO.
    /// - Throws: `BridgeError(.invalidKeyEncoding)` for anything but an Ed25519 key of `kind`.
    package static func readPEM(_ pem: SecureBytes, kind: Ed25519.PEMKind) throws -> Key {
        try OpenSSL.initialize()
        let pointer: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            // Without a callback OpenSSL prompts on the terminal for an encrypted key's
            // passphrase and blocks; this one declines, so an encrypted PEM just fails.
            let noPassphrase: @convention(c) (UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32 = { _, _, _, _ in -1 }
            switch kind {
            case .privateKey: return PEM_read_bio_PrivateKey(bio, nil, noPassphrase, nil)
            case .publicKey: return PEM_read_bio_PUBKEY(bio, nil, noPassphrase, nil)
            }
        }
        guard let pointer else {
            OpenSSL.clearErrors()
            throw BridgeError(.invalidKeyEncoding(.notPEM(kind)))
        }
        defer { EVP_PKEY_free(pointer) }
        guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_ED25519 else {
            throw BridgeError(.invalidKeyEncoding(.notEd25519))
        }
        switch kind {
        case .privateKey:
            let seed = try SecureBytes(count: Ed25519.keyByteCount) { (buffer) throws in
                var length = buffer.count
                try OpenSSL.check(
                    EVP_PKEY_get_raw_private_key(pointer, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length),
                    "EVP_PKEY_get_raw_private_key")
            }
            return try privateKey(seed: seed)
        case .publicKey:
            var raw = [UInt8](repeating: 0, count: Ed25519.keyByteCount)
            var length = raw.count
            try OpenSSL.check(EVP_PKEY_get_raw_public_key(pointer, &raw, &length), "EVP_PKEY_get_raw_public_key")
            return try publicKey(raw: raw)
        }
    }

    /// The key as PEM of `kind`, written by OpenSSL's encoders via a secure-memory BIO, into wiped memory.
    package static func pem(of key: Key, kind: Ed25519.PEMKind) throws -> SecureBytes {
        try OpenSSL.initialize()
        let evpKey: OpaquePointer?
        switch kind {
        case .privateKey:
            evpKey = try rawPrivateKey(of: key).withUnsafeBytes { seed in
                EVP_PKEY_new_raw_private_key(
                    EVP_PKEY_ED25519, nil, seed.baseAddress!.assumingMemoryBound(to: UInt8.self), seed.count)
            }
        case .publicKey:
            let raw = try rawPublicKey(of: key)
            evpKey = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, raw, raw.count)
        }
        let pointer = try OpenSSL.require(evpKey, "EVP_PKEY_new_raw_key")
        defer { EVP_PKEY_free(pointer) }
        let bio = try OpenSSL.require(BIO_new(BIO_s_secmem()), "BIO_new(secmem)")
        defer { BIO_free(bio) }
        let result = switch kind {
        case .privateKey: PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil)
        case .publicKey: PEM_write_bio_PUBKEY(bio, pointer)
        }
        try OpenSSL.check(result, "PEM_write_bio")
        var data: UnsafePointer<UInt8>?
        let length = COpenSSL_BIO_get_mem_data(bio, &data)
        guard length > 0, let data else { throw OpenSSL.error("BIO_get_mem_data") }
        return SecureBytes(copying: UnsafeBufferPointer(start: data, count: length))
    }
}
#endif

#if OpenSSL && !CryptoKit
internal import COpenSSL

extension OpenSSL {
    /// AES-256-GCM, fetched once; `nil` when this OpenSSL cannot provide it.
    package nonisolated(unsafe) static let aes256GCM: OpaquePointer? = fetch { EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) }
}

/// AES-256-GCM over OpenSSL's EVP cipher interface. `AESGCM` has checked the
/// key, nonce and tag lengths before these are called.
enum OpenSSLAESGCM {
    /// Encrypts `message` and returns `ciphertext ‖ tag`.
    static func seal(
        _ message: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce, aad: UnsafeRawBufferPointer
    ) throws -> [UInt8] {
        let context = try CipherContext(encrypting: true, key: key, nonce: nonce)
        try context.authenticate(aad)
        let tagByteCount = AESGCM.tagByteCount
        var output = [UInt8](repeating: 0, count: message.count + tagByteCount)
        try output.withUnsafeMutableBytes { (out) throws in
            let written = try context.update(message, into: out.baseAddress!)
            try context.finish(into: out.baseAddress! + written)
            try OpenSSL.check(
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), out.baseAddress! + message.count),
                "EVP_CIPHER_CTX_ctrl(GET_TAG)")
        }
        return output
    }

    /// Checks `tag` and decrypts `ciphertext` into wiped memory, released only
    /// when the tag matched.
    /// - Throws: `CryptoError.authenticationFailure` when anything was altered.
    static func open(
        _ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce,
        aad: UnsafeRawBufferPointer
    ) throws -> SecureBytes {
        let context = try CipherContext(encrypting: false, key: key, nonce: nonce)
        try context.authenticate(aad)
        var tagCopy = Array(tag)
        try OpenSSL.check(
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(AESGCM.tagByteCount), &tagCopy),
            "EVP_CIPHER_CTX_ctrl(SET_TAG)")
        return try SecureBytes(count: ciphertext.count) { (plaintext) throws in
            // Any throw here wipes `plaintext` before it is released.
            let base = plaintext.baseAddress!
            let written = try context.update(ciphertext, into: base)
            var finalLength: Int32 = 0
            guard EVP_DecryptFinal_ex(context.pointer, base + written, &finalLength) == 1 else {
                OpenSSL.clearErrors()
                throw CryptoError.authenticationFailure
            }
        }
    }

    /// An `EVP_CIPHER_CTX` set up for one AES-256-GCM operation, freed on deinit.
    private final class CipherContext {
        let pointer: OpaquePointer
        let encrypting: Bool

        init(encrypting: Bool, key: AES256Key, nonce: AESGCM.Nonce) throws {
            try OpenSSL.initialize()
            let cipher = try OpenSSL.require(OpenSSL.aes256GCM, "EVP_CIPHER_fetch(AES-256-GCM)")
            pointer = try OpenSSL.require(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new")
            self.encrypting = encrypting
            let result = key.bytes.withUnsafeBytes { keyBytes in
                nonce.bytes.withUnsafeBytes { nonceBytes in
                    let keyPointer = keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    let noncePointer = nonceBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    return encrypting
                        ? EVP_EncryptInit_ex2(pointer, cipher, keyPointer, noncePointer, nil)
                        : EVP_DecryptInit_ex2(pointer, cipher, keyPointer, noncePointer, nil)
                }
            }
            try OpenSSL.check(result, "EVP_CipherInit_ex2")
        }

        deinit { EVP_CIPHER_CTX_free(pointer) }

        func authenticate(_ aad: UnsafeRawBufferPointer) throws {
            guard aad.count > 0 else { return }
            var ignored: Int32 = 0
            let input = aad.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let result = encrypting
                ? EVP_EncryptUpdate(pointer, nil, &ignored, input, Int32(aad.count))
                : EVP_DecryptUpdate(pointer, nil, &ignored, input, Int32(aad.count))
            try OpenSSL.check(result, "EVP_CipherUpdate(aad)")
        }

        /// Processes `input` into `output`, returning the bytes written.
        func update(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) throws -> Int {
            guard input.count > 0 else { return 0 }
            var written: Int32 = 0
            let out = output.assumingMemoryBound(to: UInt8.self)
            let source = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let result = encrypting
                ? EVP_EncryptUpdate(pointer, out, &written, source, Int32(input.count))
                : EVP_DecryptUpdate(pointer, out, &written, source, Int32(input.count))
            try OpenSSL.check(result, "EVP_CipherUpdate")
            return Int(written)
        }

        func finish(into output: UnsafeMutableRawPointer) throws {
            var written: Int32 = 0
            try OpenSSL.check(
                EVP_EncryptFinal_ex(pointer, output.assumingMemoryBound(to: UInt8.self), &written), "EVP_EncryptFinal_ex")
        }
    }
}
#endif

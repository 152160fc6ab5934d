internal import COpenSSL

/// AES-256-GCM with the only parameters SecureBridge accepts: a 32-byte key,
/// a 12-byte nonce and a 16-byte tag. OpenSSL would take other nonce lengths
/// and truncated tags; these checks refuse them before OpenSSL is called.
package enum AESGCM {
    /// Bytes in a nonce (96 bits).
    package static let nonceByteCount = 12
    /// Bytes in a tag (128 bits).
    package static let tagByteCount = 16

    /// A 12-byte AES-GCM nonce.
    package struct Nonce: Sendable, Equatable {
        /// The nonce bytes.
        package let bytes: [UInt8]

        /// A fresh random nonce.
        package init() throws {
            bytes = try SystemRandom.bytes(count: AESGCM.nonceByteCount)
        }

        /// Wraps given nonce bytes.
        /// - Throws: `CryptoError.invalidNonceLength` unless there are exactly 12 bytes.
        package init(bytes: some Collection<UInt8>) throws {
            guard bytes.count == AESGCM.nonceByteCount else {
                throw CryptoError.invalidNonceLength(expected: AESGCM.nonceByteCount, actual: bytes.count)
            }
            self.bytes = Array(bytes)
        }
    }

    /// Encrypts and authenticates `plaintext`.
    /// - Parameters:
    ///   - plaintext: The bytes to encrypt.
    ///   - key: The AES-256 key.
    ///   - nonce: A nonce never used before with this key.
    ///   - associatedData: Bytes authenticated but not encrypted.
    /// - Returns: The ciphertext followed by the 16-byte tag.
    /// - Throws: `CryptoError.openSSL` when OpenSSL fails.
    package static func seal(
        _ plaintext: some Collection<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> [UInt8] {
        try Bytes.withContiguous(plaintext) { (message) throws in
            try Bytes.withContiguous(associatedData) { (aad) throws in
                try seal(message, key: key, nonce: nonce, aad: aad)
            }
        }
    }

    /// Authenticates and decrypts `ciphertext` with its `tag`.
    ///
    /// Plaintext is released only after the tag has been checked; on failure the
    /// decrypted bytes are wiped and nothing is returned.
    /// - Returns: The plaintext, in wiped memory.
    /// - Throws: `CryptoError.invalidTagLength` for a tag that is not 16 bytes,
    ///   `CryptoError.authenticationFailure` when anything was altered.
    package static func open(
        ciphertext: some Collection<UInt8>,
        tag: some Collection<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> SecureBytes {
        guard tag.count == tagByteCount else {
            throw CryptoError.invalidTagLength(expected: tagByteCount, actual: tag.count)
        }
        return try Bytes.withContiguous(ciphertext) { (ciphertext) throws in
            try Bytes.withContiguous(tag) { (tag) throws in
                try Bytes.withContiguous(associatedData) { (aad) throws in
                    try open(ciphertext, tag: tag, key: key, nonce: nonce, aad: aad)
                }
            }
        }
    }

    /// Splits a combined `ciphertext ‖ tag` and opens it.
    /// - Throws: `CryptoError.invalidTagLength` when the input is shorter than a tag.
    package static func open(
        combined: ArraySlice<UInt8>,
        using key: AES256Key,
        nonce: Nonce,
        authenticating associatedData: some Collection<UInt8>
    ) throws -> SecureBytes {
        guard combined.count >= tagByteCount else {
            throw CryptoError.invalidTagLength(expected: tagByteCount, actual: combined.count)
        }
        let split = combined.endIndex - tagByteCount
        return try open(ciphertext: combined[..<split], tag: combined[split...], using: key, nonce: nonce, authenticating: associatedData)
    }

    // MARK: OpenSSL

    private static func seal(
        _ message: UnsafeRawBufferPointer, key: AES256Key, nonce: Nonce, aad: UnsafeRawBufferPointer
    ) throws -> [UInt8] {
        let context = try CipherContext(encrypting: true, key: key, nonce: nonce)
        try context.authenticate(aad)
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

    private static func open(
        _ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, key: AES256Key, nonce: Nonce,
        aad: UnsafeRawBufferPointer
    ) throws -> SecureBytes {
        let context = try CipherContext(encrypting: false, key: key, nonce: nonce)
        try context.authenticate(aad)
        var tagCopy = Array(tag)
        try OpenSSL.check(
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagByteCount), &tagCopy),
            "EVP_CIPHER_CTX_ctrl(SET_TAG)")
        return try SecureBytes(count: ciphertext.count) { (plaintext) throws in
            // Any throw here wipes `plaintext` before it is released.
            let base = plaintext.baseAddress!
            let written = try context.update(ciphertext, into: base)
            var finalLength: Int32 = 0
            guard EVP_DecryptFinal_ex(context.pointer, base + written, &finalLength) == 1 else {
                ERR_clear_error()
                throw CryptoError.authenticationFailure
            }
        }
    }

    /// An `EVP_CIPHER_CTX` set up for one AES-256-GCM operation, freed on deinit.
    private final class CipherContext {
        let pointer: OpaquePointer
        let encrypting: Bool

        init(encrypting: Bool, key: AES256Key, nonce: Nonce) throws {
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

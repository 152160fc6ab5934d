#if OpenSSL && !CryptoKit
internal import COpenSSL

extension OpenSSL {
    /// AES-256-GCM from the default provider, found once; `nil` when this OpenSSL has none.
    nonisolated(unsafe) static let aes256GCM = provided(COpenSSL_ProviderCipher()) {
        COpenSSL_ProviderCipher_find($0, "AES-256-GCM", &$1)
    }

    package static var providesAES256GCM: Bool { aes256GCM != nil }
}

/// AES-256-GCM through the default provider's cipher functions; `AESGCM` has checked all lengths.
package enum OpenSSLAESGCM {

    /// Checks `tag` and decrypts `ciphertext` into wiped memory, released only when the tag matched.
    /// - Throws: `BridgeError(.authenticationFailure)` when anything was altered.
    static func open(
        _ ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce,
        aad: UnsafeRawBufferPointer
    ) throws -> SecureBytes {
        let context = try CipherContext(encrypting: false, key: key, nonce: nonce)
        try context.authenticate(aad)
        var tagCopy = Array(tag)
        try tagCopy.withUnsafeMutableBytes { try context.tag(set: true, $0) }
        return try SecureBytes(count: ciphertext.count) { (plaintext) throws in
            // Any throw here wipes `plaintext` before it is released.
            let written = try context.update(ciphertext, into: plaintext)
            guard context.finish(into: UnsafeMutableRawBufferPointer(rebasing: plaintext.dropFirst(written))) else {
                OpenSSL.clearErrors()
                throw BridgeError(.authenticationFailure)
            }
        }
    }

    /// One AES-256-GCM operation of the provider, its context freed (and wiped) on deinit.
    package final class CipherContext {
        let cipher: COpenSSL_ProviderCipher
        let pointer: UnsafeMutableRawPointer

        package init(encrypting: Bool, key: AES256Key, nonce: AESGCM.Nonce) throws {
            try OpenSSL.initialize()
            guard let cipher = OpenSSL.aes256GCM else { throw OpenSSL.error("AES-256-GCM from the default provider") }
            guard let pointer = cipher.newContext(cipher.providerContext) else {
                throw OpenSSL.error("AES-256-GCM new context")
            }
            self.cipher = cipher
            self.pointer = pointer
            let initialize = encrypting ? cipher.encryptInit! : cipher.decryptInit!
            let result = key.bytes.withUnsafeBytes { keyBytes in
                nonce.bytes.withUnsafeBytes { nonceBytes in
                    initialize(
                        pointer, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), keyBytes.count,
                        nonceBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), nonceBytes.count, nil)
                }
            }
            try OpenSSL.check(result, "AES-256-GCM init")
        }

        deinit { cipher.freeContext(pointer) }

        package func authenticate(_ aad: UnsafeRawBufferPointer) throws {
            guard aad.count > 0 else { return }
            var ignored = 0
            // No output: the provider takes the input as additional data.
            let input = aad.baseAddress!.assumingMemoryBound(to: UInt8.self)
            try OpenSSL.check(cipher.update(pointer, nil, &ignored, aad.count, input, aad.count), "AES-256-GCM aad")
        }

        package func update(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
            guard input.count > 0 else { return 0 }
            var written = 0
            let result = cipher.update(
                pointer, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &written, output.count,
                input.baseAddress!.assumingMemoryBound(to: UInt8.self), input.count)
            try OpenSSL.check(result, "AES-256-GCM update")
            return written
        }

        /// Finishes the operation; for a decryption, whether the tag matched.
        package func finish(into output: UnsafeMutableRawBufferPointer) -> Bool {
            var written = 0
            let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return cipher.final(pointer, out, &written, output.count) == 1
        }

        /// Sets the tag a decryption checks, or reads an encryption's after `finish`.
        package func tag(set: Bool, _ tag: UnsafeMutableRawBufferPointer) throws {
            let result = withUnsafePointer(to: cipher) { cipher in
                COpenSSL_ProviderCipher_tag(
                    cipher, pointer, set ? 1 : 0, tag.baseAddress!.assumingMemoryBound(to: UInt8.self), tag.count)
            }
            try OpenSSL.check(result, set ? "AES-256-GCM set tag" : "AES-256-GCM get tag")
        }
    }
}
#endif

#if OpenSSL && !CryptoKit
internal import COpenSSL

// The OpenSSL backend's signing and sealing, the app side's only.

extension OpenSSLEd25519 {
    /// The 64-byte signature of `message` exactly as given.
    static func signature(for message: [UInt8], with key: Key) throws -> [UInt8] {
        try key.withSignatureContext { context in
            try OpenSSL.check(key.algorithm.signInit(context, nil, key.keydata, nil), "Ed25519 sign init")
            var signature = [UInt8](repeating: 0, count: Ed25519.signatureByteCount)
            var length = 0
            try OpenSSL.check(
                key.algorithm.sign(context, &signature, &length, signature.count, message, message.count), "Ed25519 sign")
            guard length == signature.count else { throw OpenSSL.error("Ed25519 sign") }
            return signature
        }
    }
}

extension OpenSSLAESGCM {
    /// Encrypts `message` and returns `ciphertext ‖ tag`.
    static func seal(
        _ message: UnsafeRawBufferPointer, key: AES256Key, nonce: AESGCM.Nonce, aad: UnsafeRawBufferPointer
    ) throws -> [UInt8] {
        let context = try CipherContext(encrypting: true, key: key, nonce: nonce)
        try context.authenticate(aad)
        let tagByteCount = AESGCM.tagByteCount
        var output = [UInt8](repeating: 0, count: message.count + tagByteCount)
        try output.withUnsafeMutableBytes { (out) throws in
            let sealed = UnsafeMutableRawBufferPointer(rebasing: out.prefix(message.count))
            let written = try context.update(message, into: sealed)
            guard context.finish(into: UnsafeMutableRawBufferPointer(rebasing: sealed.dropFirst(written))) else {
                throw OpenSSL.error("AES-256-GCM final")
            }
            try context.tag(set: false, UnsafeMutableRawBufferPointer(rebasing: out.suffix(tagByteCount)))
        }
        return output
    }
}
#endif

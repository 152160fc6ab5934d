internal import COpenSSL

/// The process-wide OpenSSL state SecureBridge relies on: initialised once
/// without reading `openssl.cnf`, with the algorithms fetched once and shared.
package enum OpenSSL {
    /// Initialises libcrypto without loading the system configuration file, so a
    /// read pays no config-parsing cost and no config can swap providers under us,
    /// and without OpenSSL's exit handler: freeing every table at exit costs a
    /// short-lived process (`bridgectl read`) about 2 % of its run, and the
    /// kernel releases that memory anyway. Keys are still freed (and wiped by
    /// OpenSSL) when their owners go away.
    package static let initialized: Bool = {
        OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT), nil) == 1
    }()

    // These are immutable after the one-time fetch; OpenSSL documents fetched
    // algorithm objects as safe to share between threads.
    package nonisolated(unsafe) static let aes256GCM: OpaquePointer? = {
        _ = initialized
        return EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)
    }()

    package nonisolated(unsafe) static let sha256: OpaquePointer? = {
        _ = initialized
        return EVP_MD_fetch(nil, "SHA256", nil)
    }()

    package nonisolated(unsafe) static let hkdf: OpaquePointer? = {
        _ = initialized
        return EVP_KDF_fetch(nil, "HKDF", nil)
    }()

    /// Builds the error for a failed OpenSSL call, draining this thread's error queue.
    /// - Parameter operation: The call that failed, for the message.
    static func error(_ operation: String) -> CryptoError {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let text = buffer.withUnsafeBufferPointer { pointer in
                String(decoding: pointer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            reasons.append(text)
        }
        return .openSSL(operation: operation, reason: reasons.isEmpty ? "no detail given" : reasons.joined(separator: "; "))
    }

    /// Throws the drained error unless `result` is OpenSSL's success value, 1.
    static func check(_ result: Int32, _ operation: String) throws {
        guard result == 1 else { throw error(operation) }
    }

    /// Unwraps a fetched algorithm or object, throwing the drained error when it is missing.
    static func require(_ pointer: OpaquePointer?, _ operation: String) throws -> OpaquePointer {
        guard let pointer else { throw error(operation) }
        return pointer
    }
}

internal import COpenSSL

/// SecureBridge's one way into libcrypto: the checked initialisation that
/// every `*+OpenSSL.swift` file goes through before its first OpenSSL call,
/// and the error queue drained into `CryptoError.openSSL`.
///
/// Only files named `*+OpenSSL.swift` import `COpenSSL`; each holds one
/// primitive's OpenSSL backend (`CryptoBackend.swift` says which backend each
/// primitive uses). Two calls go without `initialize()`: `CRYPTO_memcmp`
/// (`ConstantTime+OpenSSL.swift`) and `OPENSSL_cleanse`
/// (`SecureBytes+OpenSSL.swift`) work on the caller's memory only and touch no
/// library state, and a wipe must run even when initialisation failed.
package enum OpenSSL {
    /// The outcome of the one `OPENSSL_init_crypto` call, made on first use.
    ///
    /// libcrypto is initialised without loading the system configuration file,
    /// so a read pays no config-parsing cost and no config can swap providers
    /// under us, and without OpenSSL's exit handler: freeing every table at exit
    /// costs a short-lived process (`bridgectl read`) about 2 % of its run, and
    /// the kernel releases that memory anyway. Keys are still freed (and wiped
    /// by OpenSSL) when their owners go away.
    private static let initialization: Result<Void, CryptoError> = {
        let options = UInt64(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT)
        guard OPENSSL_init_crypto(options, nil) == 1 else { return .failure(error("OPENSSL_init_crypto")) }
        return .success(())
    }()

    /// Initialises libcrypto on the first call; later calls report that outcome again.
    /// - Throws: `CryptoError.openSSL` when `OPENSSL_init_crypto` failed.
    static func initialize() throws {
        try initialization.get()
    }

    /// Whether libcrypto is initialised, initialising it on first use (for `doctor`).
    package static var initialized: Bool {
        (try? initialize()) != nil
    }

    /// Fetches an algorithm once libcrypto is initialised; `nil` when either fails.
    /// Fetched algorithm objects are immutable, and OpenSSL documents them as
    /// safe to share between threads.
    static func fetch(_ fetch: () -> OpaquePointer?) -> OpaquePointer? {
        guard initialized else { return nil }
        return fetch()
    }

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

    /// Empties this thread's error queue after a failure that is reported
    /// without OpenSSL's detail (a failed open, a bad signature, an unreadable PEM).
    static func clearErrors() {
        ERR_clear_error()
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

#if OpenSSL && !CryptoKit
internal import COpenSSL

/// SecureBridge's one way into libcrypto: the checked initialisation every `*+OpenSSL.swift` file runs before its
/// first call, and the error queue drained into `BridgeError(.backendFailure)`. Only `CRYPTO_memcmp` and
/// `OPENSSL_cleanse` skip it: they touch no library state, and a wipe must run even when initialisation failed.
package enum OpenSSL {
    /// The outcome of the one `OPENSSL_init_crypto` call, made on first use. No config file, so no config can
    /// swap providers under us; no exit handler, no error strings and no legacy name tables: algorithms are
    /// found by name in the default provider, which needs none of them.
    private static let initialization: Result<Void, BridgeError> = {
        let options = UInt64(
            OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS
                | OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_ADD_ALL_DIGESTS)
        guard OPENSSL_init_crypto(options, nil) == 1 else { return .failure(error("OPENSSL_init_crypto")) }
        return .success(())
    }()

    /// Initialises libcrypto on the first call; later calls report that outcome again.
    /// - Throws: `BridgeError(.backendFailure)` when `OPENSSL_init_crypto` failed.
    static func initialize() throws {
        try initialization.get()
    }

    /// Whether libcrypto is initialised, initialising it on first use (for `doctor`).
    package static var initialized: Bool {
        (try? initialize()) != nil
    }

    /// The default provider, loaded once; never unloaded, so the functions found in it stay valid.
    nonisolated(unsafe) static let defaultProvider: OpaquePointer? = fetch { OSSL_PROVIDER_try_load(nil, "default", 1) }

    /// An algorithm's functions from the default provider, found by `find`; `nil` when that fails.
    static func provided<Functions>(_ empty: Functions, _ find: (OpaquePointer, inout Functions) -> Int32) -> Functions? {
        guard let provider = defaultProvider else { return nil }
        var functions = empty
        return find(provider, &functions) == 1 ? functions : nil
    }

    /// Fetches an algorithm once libcrypto is initialised (`nil` when either fails); fetched objects are thread-safe.
    static func fetch(_ fetch: () -> OpaquePointer?) -> OpaquePointer? {
        guard initialized else { return nil }
        return fetch()
    }

    /// The error for a failed OpenSSL call, draining this thread's error queue as packed codes (`openssl errstr`).
    package static func error(_ operation: String) -> BridgeError {
        var codes: [UInt] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            codes.append(code)
        }
        return BridgeError(.backendFailure(operation: operation, .openSSL(errorCodes: codes)))
    }

    /// Empties this thread's error queue after a failure reported without OpenSSL's detail.
    static func clearErrors() {
        ERR_clear_error()
    }

    package static func check(_ result: Int32, _ operation: String) throws {
        guard result == 1 else { throw error(operation) }
    }

    static func require(_ pointer: OpaquePointer?, _ operation: String) throws -> OpaquePointer {
        guard let pointer else { throw error(operation) }
        return pointer
    }
}
#endif

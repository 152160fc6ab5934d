#if OpenSSL && !CryptoKit
internal import COpenSSL

/// SecureBridge's one way into libcrypto: the checked initialisation that
/// every `*+OpenSSL.swift` file goes through before its first OpenSSL call,
/// and the error queue drained into `BridgeError(.backendFailure)`.
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
    /// libcrypto is initialised with only what SecureBridge uses:
    /// - no system configuration file, so a read pays no config-parsing cost
    ///   and no config can swap providers under us;
    /// - no exit handler: freeing every table at exit costs a short-lived
    ///   process (`bridgectl read`) about 2 % of its run, and the kernel
    ///   releases that memory anyway (keys are still freed, and wiped by
    ///   OpenSSL, when their owners go away);
    /// - no error strings (`error(_:)` reports the packed error codes instead)
    ///   and no legacy name table of every cipher and digest: SecureBridge
    ///   finds its algorithms by name in the default provider (`provided`,
    ///   and `EVP_*_fetch` for SHA-256 and scrypt), which needs neither.
    ///   Together they were about a fifth of a `bridgectl read` process's
    ///   instructions.
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

    /// The default provider, loaded once libcrypto is initialised, with the
    /// fallback loading kept (EVP fetches find it as before); never unloaded,
    /// so the functions found in it stay valid.
    nonisolated(unsafe) static let defaultProvider: OpaquePointer? = fetch { OSSL_PROVIDER_try_load(nil, "default", 1) }

    /// An algorithm of the default provider, found by `find` once libcrypto is
    /// initialised; `nil` when either fails. What is found is the provider's
    /// functions (see `COpenSSL_provider_functions`), which never change.
    static func provided<Functions>(_ empty: Functions, _ find: (OpaquePointer, inout Functions) -> Int32) -> Functions? {
        guard let provider = defaultProvider else { return nil }
        var functions = empty
        return find(provider, &functions) == 1 ? functions : nil
    }

    /// Fetches an algorithm once libcrypto is initialised; `nil` when either fails.
    /// Fetched algorithm objects are immutable, and OpenSSL documents them as
    /// safe to share between threads.
    static func fetch(_ fetch: () -> OpaquePointer?) -> OpaquePointer? {
        guard initialized else { return nil }
        return fetch()
    }

    /// Builds the error for a failed OpenSSL call, draining this thread's error queue.
    ///
    /// OpenSSL's error strings are not loaded (see `initialization`), so each
    /// queued error is reported as its packed code, which `openssl errstr CODE`
    /// turns into OpenSSL's text. Callers that can say what went wrong in
    /// SecureBridge's terms (a bad signature, an unreadable key) throw their
    /// own `BridgeError` instead and only clear the queue.
    /// - Parameter operation: The call that failed, for the message.
    package static func error(_ operation: String) -> BridgeError {
        var codes: [UInt] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            codes.append(code)
        }
        return BridgeError(.backendFailure(operation: operation, .openSSL(errorCodes: codes)))
    }

    /// Empties this thread's error queue after a failure that is reported
    /// without OpenSSL's detail (a failed open, a bad signature, an unreadable PEM).
    static func clearErrors() {
        ERR_clear_error()
    }

    /// Throws the drained error unless `result` is OpenSSL's success value, 1.
    package static func check(_ result: Int32, _ operation: String) throws {
        guard result == 1 else { throw error(operation) }
    }

    /// Unwraps a fetched algorithm or object, throwing the drained error when it is missing.
    static func require(_ pointer: OpaquePointer?, _ operation: String) throws -> OpaquePointer {
        guard let pointer else { throw error(operation) }
        return pointer
    }
}
#endif

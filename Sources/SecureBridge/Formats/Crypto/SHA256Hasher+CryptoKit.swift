#if CryptoKit
internal import Crypto

/// SHA-256 through CryptoKit's incremental `SHA256`.
package enum CryptoKitSHA256Hasher {
    static func hash(_ feed: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> [UInt8] {
        var hasher = SHA256()
        try feed { bytes in hasher.update(bufferPointer: bytes) }
        return Array(hasher.finalize())
    }
}
#endif

#if CryptoKit
internal import Crypto
import SystemPackage

/// CryptoKit's CSPRNG, through the random key it generates.
package enum CryptoKitRandom {
    static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(Errno) {
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: buffer.count * 8))
        key.withUnsafeBytes { buffer.copyMemory(from: $0) }
    }
}
#endif

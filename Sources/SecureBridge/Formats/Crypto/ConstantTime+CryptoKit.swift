#if CryptoKit
/// A constant-time comparison in Swift, for the CryptoKit backend (CryptoKit
/// offers none): every byte is read and combined whatever the contents, and
/// the loop never exits early.
package enum PortableConstantTime {
    /// Whether two non-empty buffers of the same length hold the same bytes.
    @inline(never)
    static func equals(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        var difference: UInt8 = 0
        for index in 0..<left.count {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
#endif

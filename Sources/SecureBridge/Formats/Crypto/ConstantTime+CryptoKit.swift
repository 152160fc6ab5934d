#if CryptoKit
/// A Swift constant-time comparison for CryptoKit (which has none): every byte is read, the loop never exits early.
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

/// Comparisons whose running time does not depend on where two secrets differ.
package enum ConstantTime {
    /// Whether `left` and `right` hold the same bytes; lengths are not secret, so unequal ones return `false` at once.
    package static func equals(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard left.count > 0 else { return true }
        return Backend.equals(left, right)
    }

    package static func equals(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        Bytes.withContiguous(left) { l in Bytes.withContiguous(right) { r in equals(l, r) } }
    }
}

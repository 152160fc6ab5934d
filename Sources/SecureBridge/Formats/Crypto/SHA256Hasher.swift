/// SHA-256, for key ids and content fingerprints.
package enum SHA256Hasher {
    package static let byteCount = 32

    /// The SHA-256 digest of the concatenation of `parts`.
    /// - Throws: `BridgeError(.backendFailure)` when the backend fails.
    package static func hash(_ parts: [UInt8]...) throws -> [UInt8] {
        try hash { (update) throws in
            for part in parts { try part.withUnsafeBytes { (bytes) throws in try update(bytes) } }
        }
    }

    /// The digest of everything `feed` passes to its `update` function; lets
    /// callers hash secret buffers without copying them out of wiped memory.
    static func hash(
        _ feed: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> [UInt8] {
        try Backend.hash(feed)
    }
}

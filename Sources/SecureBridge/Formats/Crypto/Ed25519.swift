/// Ed25519 signatures (RFC 8032, pure mode), each over `context label ‖ 0x00 ‖ message`, so a
/// signature made for one purpose never verifies for another.
package enum Ed25519 {
    package static let keyByteCount = 32
    package static let signatureByteCount = 64

    /// What a signature is for. The label is signed before the message.
    package struct Context: Sendable, Equatable {
        let label: [UInt8]

        /// A context with an ASCII label that contains no NUL byte.
        package init(_ label: StaticString) {
            let bytes = label.withUTF8Buffer { Array($0) }
            precondition(!bytes.contains(0), "a signing context label must not contain NUL")
            self.label = bytes
        }

        package func framing(_ message: UnsafeRawBufferPointer) -> [UInt8] {
            var framed = label
            framed.reserveCapacity(label.count + 1 + message.count)
            framed.append(0)
            framed.append(contentsOf: message)
            return framed
        }
    }

    package struct PublicKey: Sendable, Equatable, CustomStringConvertible {
        let handle: Backend.Key
        package let rawRepresentation: [UInt8]
        /// The short id that names this key inside envelopes and records.
        package let keyID: KeyID

        /// Imports a raw 32-byte public key.
        /// - Throws: `BridgeError(.invalidKeyLength)` unless the key is 32 bytes.
        package init(rawRepresentation raw: some Collection<UInt8>) throws {
            guard raw.count == Ed25519.keyByteCount else {
                throw BridgeError(.invalidKeyLength(expected: Ed25519.keyByteCount, actual: raw.count))
            }
            let bytes = Array(raw)
            handle = try Backend.publicKey(raw: bytes)
            rawRepresentation = bytes
            keyID = try KeyID(publicKey: bytes)
        }

        /// Reads a SubjectPublicKeyInfo PEM: the canonical layout (the one `pemRepresentation` and OpenSSL write)
        /// is read directly; any other layout goes through the backend's PEM reader.
        /// - Throws: `BridgeError(.invalidKeyEncoding)` for anything but an Ed25519 key.
        package init(pemRepresentation pem: String) throws {
            if let raw = Self.canonicalPEMRawKey(pem.utf8) {
                try self.init(rawRepresentation: raw)
            } else {
                try self.init(backendPEM: pem)
            }
        }

        /// Reads a SubjectPublicKeyInfo PEM of any layout with the backend's reader (the general path).
        init(backendPEM pem: String) throws {
            let handle = try Backend.readPEM(SecureBytes(copying: Array(pem.utf8)), kind: .publicKey)
            try self.init(rawRepresentation: Backend.rawPublicKey(of: handle))
        }

        package var pemRepresentation: String {
            get throws {
                try Backend.pem(of: handle, kind: .publicKey).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            }
        }

        /// Whether `signature` is this key's signature of `context ‖ 0x00 ‖ message`; wrong lengths are refused first.
        func isValidSignature(
            _ signature: some Collection<UInt8>, for message: some Collection<UInt8>, context: Context
        ) -> Bool {
            let framed = Bytes.withContiguous(message) { context.framing($0) }
            return isValidRawSignature(signature, for: framed)
        }

        /// Verifies a signature over `message` exactly as given, with no context.
        func isValidRawSignature(_ signature: some Collection<UInt8>, for message: some Collection<UInt8>) -> Bool {
            guard signature.count == Ed25519.signatureByteCount else { return false }
            return Bytes.withContiguous(signature) { signature in
                Bytes.withContiguous(message) { message in
                    Backend.isValidSignature(signature, for: message, key: handle)
                }
            }
        }

        package static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
            lhs.rawRepresentation == rhs.rawRepresentation
        }

        package var description: String { "Ed25519.PublicKey(\(keyID))" }
    }
}

extension Ed25519 {
    package typealias PEMKind = CryptoProblem.KeyDocument
}

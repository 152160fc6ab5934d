#if os(Linux)
package import SecureBridge

/// A secret sealed by a TPM 2.0: the sealed object's public and private
/// areas as the TPM returned them. Only the TPM that sealed it can load it
/// again, under the storage key its owner hierarchy's seed derives; a copy
/// on another machine, or after the TPM is cleared, unseals nothing.
package struct TPMSealedBlob: Equatable, Sendable {
    /// `TPM2B_PUBLIC`'s contents: the object's template and name algorithm.
    package let publicArea: [UInt8]
    /// `TPM2B_PRIVATE`'s contents: the secret, encrypted and integrity-protected by the storage key.
    package let privateArea: [UInt8]

    /// The stored form: each area after its `u16` length, public first.
    package var storedBytes: [UInt8] {
        var writer = ByteWriter(capacity: 4 + publicArea.count + privateArea.count)
        writer.append(publicArea, lengthPrefix: UInt16.self)
        writer.append(privateArea, lengthPrefix: UInt16.self)
        return writer.bytes
    }

    /// A blob from its stored form.
    /// - Throws: `TPMError.malformedResponse` when it is not two length-prefixed areas, exactly.
    package init(storedBytes bytes: [UInt8]) throws {
        var reader = TPMReader(bytes)
        publicArea = try reader.sized()
        privateArea = try reader.sized()
        guard reader.isAtEnd else { throw TPMError.malformedResponse }
    }

    init(publicArea: [UInt8], privateArea: [UInt8]) {
        self.publicArea = publicArea
        self.privateArea = privateArea
    }
}

/// Seals secrets of at most 128 bytes to this machine's TPM 2.0, and unseals
/// them: each a keyed-hash object under the owner hierarchy's storage key,
/// created anew for each call from the standard ECC P-256 template (the
/// same key every time, as the seed derives it) and flushed before the call
/// returns, so nothing is left loaded or persistent in the TPM. The objects
/// need no authorization value (`userWithAuth` with an empty password), so
/// this process reaches what it sealed without prompting; anyone who can
/// open the TPM as this machine's user can too.
package struct TPM: Sendable {
    /// Where the commands go.
    package let transport: TPMTransport

    package init(transport: TPMTransport) {
        self.transport = transport
    }

    /// The most bytes one sealed object holds (`MAX_SYM_DATA`).
    package static let maximumSecretCount = 128

    /// Seals `secret` (1 to 128 bytes) under this TPM's storage key.
    /// - Throws: `TPMError`.
    package func seal(_ secret: SecureBytes) throws -> TPMSealedBlob {
        precondition((1...Self.maximumSecretCount).contains(secret.count), "a sealed secret is 1 to 128 bytes")
        return try withStorageKey { channel, parent in
            var command = TPMCommand(.create, handles: [parent], authorized: true)
            // inSensitive: an empty authorization value and the secret as the object's data.
            secret.withUnsafeBytes { data in
                command.appendSized { sensitive in
                    sensitive.appendSized { _ in }
                    sensitive.appendSized { $0.append(data) }
                }
            }
            command.appendSized { $0.append(Self.sealedObjectTemplate) }
            command.appendSized { _ in }  // outsideInfo
            command.append(UInt32(0))  // creationPCR: no PCR selection
            let response = try channel.send(&command, named: "sealing")
            var parameters = try response.parameters()
            let privateArea = try parameters.sized()
            let publicArea = try parameters.sized()
            return TPMSealedBlob(publicArea: publicArea, privateArea: privateArea)
        }
    }

    /// The secret `blob` holds, when this TPM sealed it.
    /// - Throws: `TPMError.refused` when another TPM sealed it, the TPM was
    ///   cleared since, or the blob is damaged; other `TPMError`s when the TPM cannot be asked.
    package func unseal(_ blob: TPMSealedBlob) throws -> SecureBytes {
        try withStorageKey { channel, parent in
            var load = TPMCommand(.load, handles: [parent], authorized: true)
            load.appendSized { $0.append(blob.privateArea) }
            load.appendSized { $0.append(blob.publicArea) }
            let object = try channel.send(&load, named: "loading the sealed key").handle()
            defer { channel.flush(object) }
            var unseal = TPMCommand(.unseal, handles: [object], authorized: true)
            var response = try channel.send(&unseal, named: "unsealing")
            defer { response.wipe() }
            var data: [UInt8]
            do {
                var parameters = try response.parameters()
                data = try parameters.sized()
            }
            defer { SecureBytes.wipe(&data) }
            return SecureBytes(copying: data)
        }
    }

    /// Whether the owner hierarchy can be used: the TPM makes the storage key, which is flushed.
    /// - Throws: `TPMError`.
    package func checkReachable() throws {
        try withStorageKey { _, _ in }
    }

    /// Whether the TPM answers at all: it returns 8 random bytes (TPM2_GetRandom),
    /// a command a hardware TPM runs in a few milliseconds, where making a
    /// storage key takes one an ECC key derivation's hundreds.
    /// - Throws: `TPMError`.
    package func checkAnswers() throws {
        let channel = TPMChannel(try transport.connect())
        var command = TPMCommand(.getRandom, handles: [], authorized: false)
        command.append(UInt16(8))
        var parameters = try channel.send(&command, named: "returning random bytes").parameters()
        guard try parameters.sized().count == 8 else { throw TPMError.malformedResponse }
    }

    /// Runs `body` on one connection with the owner hierarchy's storage key
    /// loaded, and flushes it after: through `/dev/tpmrm0` what a connection
    /// loaded lives until it closes, so one operation is one connection.
    ///
    /// A TPM reached without a resource manager (a software TPM's socket,
    /// `/dev/tpm0`) keeps what a killed process left loaded; once its object
    /// slots are full (`TPM_RC_OBJECT_MEMORY`) the transient objects are
    /// flushed and the call is made once more. Through `/dev/tpmrm0` only
    /// this connection's own are listed.
    private func withStorageKey<Result>(_ body: (TPMChannel, UInt32) throws -> Result) throws -> Result {
        let channel = TPMChannel(try transport.connect())
        do {
            return try channel.withStorageKey(template: Self.storageKeyTemplate, body)
        } catch TPMError.refused(_, TPMChannel.objectMemoryFull) {
            try channel.flushTransientObjects()
            return try channel.withStorageKey(template: Self.storageKeyTemplate, body)
        }
    }

    /// The TCG's storage root key template: a restricted decryption ECC
    /// P-256 key with AES-128-CFB, its unique field two 32-byte zero coordinates.
    static let storageKeyTemplate: [UInt8] = {
        var writer = ByteWriter(capacity: 96)
        writer.append(UInt16(0x0023))  // TPM_ALG_ECC
        writer.append(UInt16(0x000B))  // nameAlg SHA-256
        // fixedTPM, fixedParent, sensitiveDataOrigin, userWithAuth, noDA, restricted, decrypt.
        writer.append(UInt32(0x0003_0472))
        writer.append([UInt8](), lengthPrefix: UInt16.self)  // no policy
        writer.append(UInt16(0x0006)); writer.append(UInt16(128)); writer.append(UInt16(0x0043))  // AES-128-CFB
        writer.append(UInt16(0x0010))  // scheme: null
        writer.append(UInt16(0x0003))  // NIST P-256
        writer.append(UInt16(0x0010))  // kdf: null
        writer.append([UInt8](repeating: 0, count: 32), lengthPrefix: UInt16.self)
        writer.append([UInt8](repeating: 0, count: 32), lengthPrefix: UInt16.self)
        return writer.bytes
    }()

    /// A sealed data object: a keyed hash with no scheme, bound to this TPM
    /// and its parent (`fixedTPM`, `fixedParent`), no dictionary-attack lockout.
    static let sealedObjectTemplate: [UInt8] = {
        var writer = ByteWriter(capacity: 16)
        writer.append(UInt16(0x0008))  // TPM_ALG_KEYEDHASH
        writer.append(UInt16(0x000B))  // SHA-256
        writer.append(UInt32(0x0000_0452))  // fixedTPM, fixedParent, userWithAuth, noDA
        writer.append([UInt8](), lengthPrefix: UInt16.self)
        writer.append(UInt16(0x0010))  // scheme: null
        writer.append([UInt8](), lengthPrefix: UInt16.self)  // unique
        return writer.bytes
    }()
}

/// One operation's commands, each sent and wiped on one connection.
struct TPMChannel {
    private let connection: TPMConnection

    init(_ connection: TPMConnection) { self.connection = connection }

    /// `TPM_RC_OBJECT_MEMORY`: no slot is free for another loaded object.
    static let objectMemoryFull: UInt32 = 0x902

    /// Sends `command` and wipes it, and the buffer it was sent as: a Create's holds the secret.
    func send(_ command: inout TPMCommand, named name: String) throws -> TPMResponse {
        var bytes = command.bytes
        defer {
            SecureBytes.wipe(&bytes)
            command.wipe()
        }
        return try TPMResponse(try connection.transmit(bytes), command: command.code, named: name)
    }

    /// Runs `body` with the primary key `template` describes loaded under the owner hierarchy, and flushes it after.
    func withStorageKey<Result>(template: [UInt8], _ body: (TPMChannel, UInt32) throws -> Result) throws -> Result {
        var command = TPMCommand(.createPrimary, handles: [TPMCommand.ownerHierarchy], authorized: true)
        command.appendSized { sensitive in
            sensitive.appendSized { _ in }
            sensitive.appendSized { _ in }
        }
        command.appendSized { $0.append(template) }
        command.appendSized { _ in }
        command.append(UInt32(0))
        let parent = try send(&command, named: "making the storage key").handle()
        defer { flush(parent) }
        return try body(self, parent)
    }

    /// Flushes a loaded object. A flush that fails is not retried: the
    /// result is had, the kernel's resource manager flushes what the
    /// connection left at its close, and a TPM without one is cleared of
    /// leftovers when its slots are full (`flushTransientObjects`).
    func flush(_ handle: UInt32) {
        var command = TPMCommand(.flushContext, handles: [], authorized: false)
        command.append(handle)
        _ = try? send(&command, named: "flushing")
    }

    /// Flushes every transient object the TPM lists.
    func flushTransientObjects() throws {
        for handle in try handles(from: Self.firstTransientHandle) { flush(handle) }
    }

    static let firstTransientHandle: UInt32 = 0x8000_0000

    /// The handles of the kind `first` starts (TPM2_GetCapability of
    /// TPM_CAP_HANDLES, at most 64): the transient objects loaded, or the
    /// persistent ones. Through `/dev/tpmrm0` only this connection's transient ones.
    func handles(from first: UInt32) throws -> [UInt32] {
        var command = TPMCommand(.getCapability, handles: [], authorized: false)
        command.append(UInt32(1))  // TPM_CAP_HANDLES
        command.append(first)
        command.append(UInt32(64))
        var parameters = try send(&command, named: "listing the handles").parameters()
        try parameters.skip(1 + 4)  // moreData, capability
        let count = try parameters.u32()
        return try (0..<min(count, 64)).map { _ in try parameters.u32() }.filter { $0 >> 24 == first >> 24 }
    }
}

/// One TPM 2.0 command buffer: its header, handles, a password session when
/// `authorized` (TPM_RS_PW with an empty password), then the parameters.
struct TPMCommand {
    enum Code: UInt32 {
        case createPrimary = 0x131
        case create = 0x153
        case load = 0x157
        case unseal = 0x15E
        case flushContext = 0x165
        case getCapability = 0x17A
        case getRandom = 0x17B
    }

    static let ownerHierarchy: UInt32 = 0x4000_0001
    let code: Code
    private let header: [UInt8]
    private var parameters = ByteWriter(capacity: 256)

    init(_ code: Code, handles: [UInt32], authorized: Bool) {
        self.code = code
        var writer = ByteWriter(capacity: 32)
        for handle in handles { writer.append(handle) }
        if authorized {
            writer.append(UInt32(9))  // the authorization area's size
            writer.append(UInt32(0x4000_0009))  // TPM_RS_PW
            writer.append(UInt16(0))  // no nonce
            writer.append(UInt8(0))  // attributes
            writer.append(UInt16(0))  // an empty password
        }
        header = [0x80, authorized ? 0x02 : 0x01] + writer.bytes  // TPM_ST_SESSIONS or TPM_ST_NO_SESSIONS
    }

    mutating func append(_ value: UInt32) { parameters.append(value) }
    mutating func append(_ value: UInt16) { parameters.append(value) }

    /// Zeroes the parameters in place (their storage then has no other owner).
    mutating func wipe() {
        var stored = parameters.bytes
        parameters = ByteWriter()
        SecureBytes.wipe(&stored)
    }

    /// Appends what `body` writes after its `u16` length (a `TPM2B`).
    mutating func appendSized(_ body: (inout ByteWriter<[UInt8]>) -> Void) {
        parameters.appendSized(body)
    }

    /// The whole buffer: tag, size, code, handles, authorization, parameters.
    var bytes: [UInt8] {
        let size = 8 + header.count + parameters.bytes.count
        var writer = ByteWriter(capacity: size)
        writer.append(header.prefix(2))
        writer.append(UInt32(size))
        writer.append(code.rawValue)
        writer.append(header.dropFirst(2))
        writer.append(parameters.bytes)
        return writer.bytes
    }
}

extension ByteWriter where Output == [UInt8] {
    /// Appends what `body` writes after its `u16` length (a `TPM2B`).
    mutating func appendSized(_ body: (inout ByteWriter<[UInt8]>) -> Void) {
        var inner = ByteWriter(capacity: 64)
        body(&inner)
        var bytes = inner.bytes
        append(bytes, lengthPrefix: UInt16.self)
        SecureBytes.wipe(&bytes)
    }
}

/// A TPM's response to one command, its code checked.
struct TPMResponse {
    private var bytes: [UInt8]
    private let hasSessions: Bool
    private let command: TPMCommand.Code

    init(_ bytes: [UInt8], command: TPMCommand.Code, named name: String) throws {
        var reader = TPMReader(bytes)
        let tag = try reader.u16()
        let size = try reader.u32()
        let code = try reader.u32()
        guard Int(size) == bytes.count else { throw TPMError.malformedResponse }
        guard code == 0 else { throw TPMError.refused(command: name, code: code) }
        self.bytes = bytes
        self.hasSessions = tag == 0x8002
        self.command = command
    }

    /// Zeroes the response in place: an Unseal's holds the secret.
    mutating func wipe() {
        var stored = bytes
        bytes = []
        SecureBytes.wipe(&stored)
    }

    /// The handle a CreatePrimary or Load returned.
    func handle() throws -> UInt32 {
        var reader = TPMReader(bytes)
        try reader.skip(10)
        return try reader.u32()
    }

    /// A reader at the response's parameters (after its handles and their size).
    func parameters() throws -> TPMReader {
        var reader = TPMReader(bytes)
        try reader.skip(10 + (command == .createPrimary || command == .load ? 4 : 0))
        if hasSessions { _ = try reader.u32() }
        return reader
    }
}

/// Big-endian reads from a response, each refusing to run past its end.
struct TPMReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func skip(_ count: Int) throws {
        guard count <= bytes.count - offset else { throw TPMError.malformedResponse }
        offset += count
    }

    mutating func u16() throws -> UInt16 {
        try skip(2)
        return UInt16(bytes[offset - 2]) << 8 | UInt16(bytes[offset - 1])
    }

    mutating func u32() throws -> UInt32 {
        try skip(4)
        return bytes[(offset - 4)..<offset].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A `TPM2B`: its `u16` length, then that many bytes.
    mutating func sized() throws -> [UInt8] {
        let count = Int(try u16())
        try skip(count)
        return Array(bytes[(offset - count)..<offset])
    }
}
#endif

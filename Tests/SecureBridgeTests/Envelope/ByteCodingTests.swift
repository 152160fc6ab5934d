import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
@testable import SecureBridgeTestSupport

/// The one byte codec: what the writer writes, the reader reads back, in
/// either kind of output, and a short read names the caller's error.
@Suite struct ByteCodingTests {
    private struct Short: Error, Equatable {
        let field: String
    }

    @Test func integersAreBigEndianAndReadBackExactly() throws {
        var writer = ByteWriter()
        writer.append(UInt8(0x01))
        writer.append(UInt16(0x0203))
        writer.append(UInt32(0x0405_0607))
        writer.append(UInt64(0x0809_0A0B_0C0D_0E0F))
        writer.append(Int64(-2))
        writer.append([0xAA, 0xBB], lengthPrefix: UInt16.self)
        #expect(writer.bytes == [
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0x00, 0x02, 0xAA, 0xBB,
        ])
        try ByteReader.read(writer.bytes) { reader in
            #expect(try reader.read(UInt8.self, or: Short(field: "a")) == 0x01)
            #expect(try reader.read(UInt16.self, or: Short(field: "b")) == 0x0203)
            #expect(try reader.read(UInt32.self, or: Short(field: "c")) == 0x0405_0607)
            #expect(try reader.read(UInt64.self, or: Short(field: "d")) == 0x0809_0A0B_0C0D_0E0F)
            #expect(try reader.read(Int64.self, or: Short(field: "e")) == -2)
            let length = Int(try reader.read(UInt16.self, or: Short(field: "f")))
            #expect(Array(try reader.take(length, or: Short(field: "g"))) == [0xAA, 0xBB])
            #expect(reader.remaining == 0)
        }
    }

    @Test func randomFieldsRoundTrip() throws {
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<500 {
            let values = (
                UInt16.random(in: .min ... .max, using: &generator), UInt64.random(in: .min ... .max, using: &generator),
                Int64.random(in: .min ... .max, using: &generator))
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            var writer = ByteWriter()
            writer.append(values.0)
            writer.append(text, lengthPrefix: UInt8.self)
            writer.append(values.1)
            writer.append(values.2)
            let read = try ByteReader.read(writer.bytes[...]) { reader in
                (try reader.read(UInt16.self, or: Short(field: "0")),
                 Array(try reader.take(Int(try reader.read(UInt8.self, or: Short(field: "n"))), or: Short(field: "t"))),
                 try reader.read(UInt64.self, or: Short(field: "1")), try reader.read(Int64.self, or: Short(field: "2")),
                 reader.remaining)
            }
            #expect(read.0 == values.0 && read.1 == text && read.2 == values.1 && read.3 == values.2 && read.4 == 0)
        }
    }

    @Test func aShortReadThrowsTheCallersErrorAndConsumesNothing() throws {
        try ByteReader.read([0x01, 0x02, 0x03]) { reader in
            #expect(throws: Short(field: "wide")) { try reader.read(UInt32.self, or: Short(field: "wide")) }
            #expect(reader.remaining == 3)
            #expect(throws: Short(field: "negative")) { try reader.take(-1, or: Short(field: "negative")) }
            let narrow = try reader.read(UInt16.self, or: Short(field: "narrow"))
            #expect(narrow == 0x0102)
            #expect(throws: Short(field: "past")) { try reader.take(2, or: Short(field: "past")) }
            let last = Array(try reader.take(1, or: Short(field: "last")))
            #expect(last == [0x03])
        }
    }

    @Test func aSecretStoredFormIsWrittenIntoWipedMemoryAsTheArrayWriterWritesIt() throws {
        let secret = SecureBytes(copying: [9, 8, 7])
        let stored = SecureBytes(exactly: 1 + 4 + 3) { writer in
            writer.append(UInt8(1))
            writer.append(UInt32(0xDEAD_BEEF))
            writer.append(secret)
        }
        var plain = ByteWriter()
        plain.append(UInt8(1))
        plain.append(UInt32(0xDEAD_BEEF))
        plain.append([9, 8, 7])
        #expect(stored.withUnsafeBytes { Array($0) } == plain.bytes)
        let tail = try ByteReader.read(stored) { reader in
            _ = try reader.take(5, or: Short(field: "head"))
            return SecureBytes(copying: try reader.take(3, or: Short(field: "secret")))
        }
        #expect(tail == secret)
    }
}

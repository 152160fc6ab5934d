#if canImport(Glibc)
import SecureBridge
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads secrets and bounded input for the CLI without leaving copies behind:
/// a passcode from the terminal with echo off, or from standard input.
public enum SecretInput {
    /// Why input could not be read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case noTerminal
        case empty(String)
        case tooLarge(String, limit: Int)
        case unreadable(String, errno: Int32)

        public var description: String {
            switch self {
            case .noTerminal:
                "No terminal to ask for the passcode on; pass it on standard input with --passcode-stdin."
            case let .empty(source):
                "\(source) is empty."
            case let .tooLarge(source, limit):
                "\(source) is larger than the \(limit)-byte limit."
            case let .unreadable(source, code):
                "\(source) could not be read: \(String(cString: strerror(code)))."
            }
        }
    }

    /// Reads one passcode line, from standard input or from the terminal with echo off.
    /// - Parameter fromStandardInput: Read standard input instead of prompting.
    /// - Returns: The passcode without its line ending, in wiped memory.
    public static func passcode(prompt: String, fromStandardInput: Bool) throws -> SecureBytes {
        if fromStandardInput {
            return try line(from: STDIN_FILENO, source: "The passcode on standard input")
        }
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { throw Failure.noTerminal }
        defer { close(terminal) }
        var original = termios()
        guard tcgetattr(terminal, &original) == 0 else { throw Failure.noTerminal }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = prompt.withCString { write(terminal, $0, strlen($0)) }
        tcsetattr(terminal, TCSAFLUSH, &silent)
        defer {
            tcsetattr(terminal, TCSAFLUSH, &original)
            _ = write(terminal, "\n", 1)
        }
        return try line(from: terminal, source: "The passcode")
    }

    /// Reads up to `limit` bytes from a file, or from standard input when `path` is `-`.
    /// - Throws: `Failure.tooLarge` past the limit, `.unreadable`, `.empty`.
    public static func contents(of path: String, limit: Int) throws -> [UInt8] {
        let source = path == "-" ? "Standard input" : "The file \(path)"
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure.unreadable(source, errno: errno) }
        defer { if path != "-" { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure.unreadable(source, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw Failure.tooLarge(source, limit: limit) }
        }
        guard !bytes.isEmpty else { throw Failure.empty(source) }
        return bytes
    }

    /// Reads bytes up to a newline (or end of input) into wiped memory.
    private static func line(from descriptor: Int32, source: String) throws -> SecureBytes {
        let capacity = 1024
        var length = 0
        let raw = try SecureBytes(count: capacity) { buffer in
            var byte: UInt8 = 0
            defer { byte = 0 }
            while length < capacity {
                let count = read(descriptor, &byte, 1)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure.unreadable(source, errno: errno)
                }
                if count == 0 || byte == UInt8(ascii: "\n") { return }
                buffer[length] = byte
                length += 1
            }
            throw Failure.tooLarge(source, limit: capacity)
        }
        return try raw.withUnsafeBytes { bytes in
            if length > 0, bytes[length - 1] == UInt8(ascii: "\r") { length -= 1 }
            guard length > 0 else { throw Failure.empty(source) }
            return SecureBytes(copying: UnsafeRawBufferPointer(rebasing: bytes[..<length]))
        }
    }
}

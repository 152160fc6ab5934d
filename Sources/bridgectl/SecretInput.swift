#if canImport(Glibc)
public import SecureBridge
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
        /// A new passcode typed twice on the terminal, differently.
        case passcodesDiffer
        /// Input was to come from standard input, which is a terminal: `hint` says what to pass instead.
        case terminalInput(hint: String)
        case empty(String)
        case tooLarge(String, limit: Int)
        case unreadable(String, errno: Int32)

        public var description: String {
            switch self {
            case .noTerminal:
                "No terminal to ask for the passcode on; pass it on standard input with --passcode-stdin."
            case .passcodesDiffer:
                "The two passcodes typed differ; nothing was changed. Run the command again."
            case let .terminalInput(hint):
                "Standard input is a terminal, not a file or a pipe; \(hint)"
            case let .empty(source):
                "\(source) is empty."
            case let .tooLarge(source, limit):
                "\(source) is larger than the \(limit)-byte limit."
            case let .unreadable(source, code):
                "\(source) could not be read: \(String(cString: strerror(code)))."
            }
        }
    }

    /// The prompt for a new passcode, saying the rule before it is typed.
    static let newPasscodePrompt = "Choose a passcode (at least \(BridgeApp.minimumPasscodeLength) characters): "

    /// Reads a new passcode: from standard input as given, or from the
    /// terminal with echo off, typed twice, so a typo is not what the app is
    /// locked with.
    /// - Throws: `Failure.passcodesDiffer` when the two typed differ.
    public static func newPasscode(fromStandardInput: Bool) throws -> SecureBytes {
        let passcode = try self.passcode(prompt: newPasscodePrompt, fromStandardInput: fromStandardInput)
        guard !fromStandardInput else { return passcode }
        let again = try self.passcode(prompt: "Type it again: ", fromStandardInput: false)
        guard passcode == again else { throw Failure.passcodesDiffer }  // constant time
        return passcode
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
        // Echo off first, then the prompt: what was typed before the prompt is
        // discarded (TCSAFLUSH), and nothing typed after it is.
        tcsetattr(terminal, TCSAFLUSH, &silent)
        _ = prompt.withCString { write(terminal, $0, strlen($0)) }
        defer {
            tcsetattr(terminal, TCSAFLUSH, &original)
            _ = write(terminal, "\n", 1)
        }
        return try line(from: terminal, source: "The passcode")
    }

    /// Reads up to `limit` bytes from a file, or from standard input when `path` is `-`.
    ///
    /// Standard input that is a terminal is refused at once with `terminalHint`,
    /// rather than waiting, silently, for input typed by hand.
    /// - Throws: `Failure.terminalInput`, `.tooLarge` past the limit, `.unreadable`, `.empty`.
    public static func contents(of path: String, limit: Int, terminalHint: String) throws -> [UInt8] {
        if path == "-", isatty(STDIN_FILENO) == 1 { throw Failure.terminalInput(hint: terminalHint) }
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

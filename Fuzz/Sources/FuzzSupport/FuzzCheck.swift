import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The properties a fuzzer asserts. A broken property traps, which libFuzzer
/// reports as a crash and saves the input as an artifact.
public enum FuzzCheck {
    /// Traps with `message` unless `condition` holds.
    public static func expect(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition() { fatalError("fuzz property broken: \(message())", file: file, line: line) }
    }

    /// Checks that an error thrown for untrusted input is safe to print: one
    /// non-empty line without any character a widget or log must not show
    /// (`UnicodeText.isDisallowed`), so input cannot forge or hide log text.
    public static func printable(_ error: any Error, file: StaticString = #fileID, line: UInt = #line) {
        let text = String(describing: error)
        expect(!text.isEmpty, "an error has an empty description", file: file, line: line)
        expect(
            !text.unicodeScalars.contains(where: UnicodeText.isDisallowed),
            "the description of \(type(of: error)) holds a disallowed character", file: file, line: line)
    }

    /// Runs `body`; a thrown error must be printable. Returns the result, or nil after an error.
    public static func attempt<T>(
        file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> T
    ) -> T? {
        do {
            return try body()
        } catch {
            printable(error, file: file, line: line)
            return nil
        }
    }
}

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
public enum FuzzInput {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

import Foundation
import SystemPackage

/// The one temporary directory a benchmark process makes its homes in (they
/// hold keys), removed when the process ends, however it ends.
///
/// A normal exit removes it (`atexit`). For an interrupted or killed run, a
/// small reaper started with it (`sh`, ignoring the terminal's SIGINT and
/// SIGTERM) waits for the benchmark process to be gone and then removes it:
/// no signal handler has to do file work, and SIGKILL is covered too.
public enum Scratch {
    /// The directory, made on first use (`$TMPDIR/securebridge-bench-PID-XXXXXX`, mode 0700).
    public static let directory: String = {
        var template = Array("\(NSTemporaryDirectory())/securebridge-bench-\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("no temporary directory for the benchmark homes: \(Errno(rawValue: errno))") }
        let path = String(cString: made)
        let reaper = Process()
        reaper.executableURL = URL(fileURLWithPath: "/bin/sh")
        reaper.arguments = [
            "-c", #"trap "" INT TERM HUP; while kill -0 "$1" 2>/dev/null; do sleep 1; done; rm -rf -- "$2""#,
            "reaper", String(getpid()), path,
        ]
        reaper.standardInput = FileHandle.nullDevice
        reaper.standardOutput = FileHandle.nullDevice
        reaper.standardError = FileHandle.nullDevice
        try? reaper.run()
        atexit { try? FileManager.default.removeItem(atPath: Scratch.directory) }
        return path
    }()

    /// A new directory inside `directory`, named after `purpose`.
    public static func makeDirectory(_ purpose: String) throws -> String {
        var template = Array("\(directory)/\(purpose)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Errno(rawValue: errno) }
        return String(cString: made)
    }
}

import Foundation

/// A shell script that stands in for a program on `PATH` in a test.
///
/// The script is written beside its place and copied into it by `/bin/cp`,
/// so this process never holds the executable open for writing: a child
/// another test forks meanwhile would inherit that descriptor until its own
/// exec, and running the script then fails with ETXTBSY (exit 126).
enum StandInTool {
    /// Writes `script` as the executable `name` in `directory`, made if missing.
    /// - Returns: The executable's path.
    @discardableResult
    static func write(_ script: String, as name: String, in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent(".\(name).script")
        let executable = directory.appendingPathComponent(name)
        try Data(script.utf8).write(to: source)
        let copy = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: [source.path, executable.path])
        copy.waitUntilExit()
        guard copy.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        return executable.path
    }
}

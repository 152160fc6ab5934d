import ArgumentParser
@testable import bridgectl
import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Every `bridgectl` command line the documentation shows in a code block
/// (README, CONTRIBUTING, docs/, Keys/, examples/, the man page's EXAMPLES)
/// parses: a renamed command or option fails here, not in a reader's shell.
@Suite struct DocumentedCommandsTests {
    /// One command line and where it is shown.
    struct Shown: CustomStringConvertible {
        let file: String
        let line: Int
        let arguments: [String]
        var description: String { "\(file):\(line): bridgectl \(arguments.joined(separator: " "))" }
    }

    /// The documents that show commands, relative to the package.
    static func documents() throws -> [String] {
        let root = Bridgectl.packageRoot
        var paths = ["README.md", "CONTRIBUTING.md", "Keys/README.md", "docs/man/bridgectl.sections.mdoc"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        paths += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        if let examples = FileManager.default.enumerator(atPath: root.appendingPathComponent("examples").path) {
            for case let path as String in examples where path.hasSuffix(".md") && !path.contains(".build/") {
                paths.append("examples/\(path)")
            }
        }
        return paths
    }

    /// The lines inside fenced code blocks (Markdown) or literal displays (mdoc).
    static func codeLines(of text: String) -> [(line: Int, text: String)] {
        var inside = false
        var lines: [(Int, String)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix(".Bd ") || trimmed == ".Ed" {
                inside = trimmed.hasPrefix("```") ? !inside : trimmed != ".Ed"
            } else if inside {
                lines.append((index + 1, line))
            }
        }
        return lines
    }

    /// The words of a shell command, quotes removed (no expansion: documented
    /// commands use none that matters to parsing).
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// Every `bridgectl …` command of the code blocks: a line's comment is
    /// dropped, then each part of a pipeline or list whose program is bridgectl.
    static func shownCommands() throws -> [Shown] {
        var shown: [Shown] = []
        for path in try documents() {
            let text = try String(contentsOf: Bridgectl.packageRoot.appendingPathComponent(path), encoding: .utf8)
            for (line, code) in codeLines(of: text) {
                let command = code.components(separatedBy: " #").first ?? code
                for part in command.components(separatedBy: CharacterSet(charactersIn: "|;&")) {
                    var words = Self.words(part)
                    if words.starts(with: ["swift", "run"]) { words.removeFirst(2) }
                    guard let program = words.first, program == "bridgectl" || program.hasSuffix("/bridgectl") else { continue }
                    // Redirections are the shell's: `> FILE`, `2> FILE`, `>FILE`.
                    var arguments: [String] = []
                    var redirecting = false
                    for word in words.dropFirst() {
                        if redirecting {
                            redirecting = false
                        } else if [">", ">>", "2>", "<"].contains(word) {
                            redirecting = true
                        } else if !word.hasPrefix(">") && !word.hasPrefix("2>") && !word.hasPrefix("<") {
                            arguments.append(word)
                        }
                    }
                    shown.append(Shown(file: path, line: line, arguments: arguments))
                }
            }
        }
        return shown
    }

    @Test func everyDocumentedCommandParses() throws {
        // What `bridgectl`'s main does before it parses: the store kinds it offers.
        BridgeCtl.registerKeychainStores()
        let shown = try Self.shownCommands()
        var refused: [String] = []
        for command in shown {
            do {
                _ = try BridgeCtl.parseAsRoot(command.arguments)
            } catch {
                // --help and --version end parsing early, and successfully.
                if BridgeCtl.exitCode(for: error) != .success {
                    refused.append("\(command): \(BridgeCtl.message(for: error))")
                }
            }
        }
        #expect(refused.isEmpty, "\(refused.count) documented commands do not parse:\n\(refused.joined(separator: "\n"))")
        #expect(shown.count >= 25, "only \(shown.count) documented commands found")
        #expect(Set(shown.map(\.file)).count >= 4, "commands found in \(Set(shown.map(\.file)).sorted())")
    }

    /// A bar runs all day and its timer publishes overnight: every login the
    /// desktop guide and its examples show asks for a session that outlives
    /// the 12-hour default (docs/DESKTOP.md, "A session for a bar").
    @Test func everyDesktopLoginAsksForASessionThatOutlivesTheNight() throws {
        let root = Bridgectl.packageRoot
        let guide = try String(contentsOf: root.appendingPathComponent("docs/DESKTOP.md"), encoding: .utf8)
        var lines = Self.codeLines(of: guide).map { ("docs/DESKTOP.md:\($0.line)", $0.text) }
        let examples = root.appendingPathComponent("examples/desktop")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            lines += text.components(separatedBy: "\n").enumerated().map { ("examples/desktop/\(name):\($0.offset + 1)", $0.element) }
        }
        let logins = lines.filter { $0.1.contains("bridgectl login ") }
        #expect(logins.count >= 3, "\(logins)")
        for (place, line) in logins {
            let words = Self.words(line.components(separatedBy: "bridgectl login ").last ?? "")
            let length = words.firstIndex(of: "--session-ttl").map { words.index(after: $0) }.flatMap { words.indices.contains($0) ? words[$0] : nil }
            #expect(length.map { (try? DurationText.seconds($0)).map { $0 >= 86400 } ?? false } == true, "\(place): \(line)")
        }
    }

    @Test func aRenamedOptionIsCaught() throws {
        #expect(throws: (any Error).self) { try BridgeCtl.parseAsRoot(Self.words("read --familly systemSmall")) }
        #expect(Self.words(#"publish --home "a b" 'c d'"#) == ["publish", "--home", "a b", "c d"])
    }
}

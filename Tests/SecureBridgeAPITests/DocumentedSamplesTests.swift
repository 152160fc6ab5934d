import Foundation
import Testing

/// Every Swift sample in the documentation is code this target compiles:
/// each ```swift block of README.md, docs/*.md and the DocC articles must be,
/// line for line, a snippet of `Samples/` (between `// snippet NAME` and
/// `// end snippet`), and every snippet must appear in a document.
@Suite struct DocumentedSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(in directory: String, ending suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(suffix) }.sorted().map { "\(directory)/\($0)" }
    }

    static var documents: [String] {
        get throws {
            try ["README.md"] + files(in: "docs", ending: ".md")
                + files(in: "Sources/SecureBridge/Umbrella/SecureBridge.docc", ending: ".md")
        }
    }

    /// The ```swift blocks of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The snippets of the sample files, by name.
    static var snippets: [String: String] {
        get throws {
            var found: [String: String] = [:]
            for path in try files(in: "Tests/SecureBridgeAPITests/Samples", ending: ".swift") {
                var name: String?
                var lines: [Substring] = []
                for line in try text(path).split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("// snippet ") {
                        name = String(line.dropFirst("// snippet ".count))
                        lines = []
                    } else if line == "// end snippet", let current = name {
                        found[current] = lines.joined(separator: "\n")
                        name = nil
                    } else if name != nil {
                        lines.append(line)
                    }
                }
            }
            return found
        }
    }

    @Test func everyDocumentedSwiftBlockIsACompiledSnippet() throws {
        let compiled = Set(try Self.snippets.values)
        var blocks = 0
        for document in try Self.documents {
            for block in Self.swiftBlocks(in: try Self.text(document)) {
                blocks += 1
                let isCompiled = compiled.contains(block)
                #expect(isCompiled, "a Swift block of \(document) is not a snippet of Tests/SecureBridgeAPITests/Samples:\n\(block)")
            }
        }
        #expect(blocks >= 4)
    }

    /// A sample compiles as pasted: each file of `Samples/` imports only
    /// inside its first snippet, so the document shows every import the code
    /// needs (and each file is compiled with just those). The one exception is
    /// an `#if canImport(WidgetKit)` or `#if !canImport(WidgetKit)` block,
    /// which on Linux brings `PlatformStandIns` in for Apple's own names
    /// (WidgetKit's, and `FileManager.containerURL`).
    @Test func everySampleShowsItsImports() throws {
        for path in try Self.files(in: "Tests/SecureBridgeAPITests/Samples", ending: ".swift") {
            var inSnippet = false, seenSnippet = false, inStandIn = false
            for line in try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("// snippet ") { inSnippet = true; continue }
                if line == "// end snippet" { inSnippet = false; seenSnippet = true; continue }
                if line.hasPrefix("#if canImport(WidgetKit)") || line.hasPrefix("#if !canImport(WidgetKit)") { inStandIn = true }
                let isImport = line.hasPrefix("import ") || line.hasPrefix("@testable import ")
                #expect(!isImport || inStandIn || (inSnippet && !seenSnippet), "\(path) imports outside its first snippet: \(line)")
                if line == "#endif" { inStandIn = false }
            }
        }
    }

    @Test func everySnippetIsDocumented() throws {
        let shown = try Self.documents.flatMap { Self.swiftBlocks(in: try Self.text($0)) }
        for (name, snippet) in try Self.snippets {
            let isShown = shown.contains(snippet)
            #expect(isShown, "snippet \(name) appears in no document")
        }
    }
}

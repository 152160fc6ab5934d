import Foundation
import Testing
@testable import SecureBridgeTestSupport

/// Every file of the repository the documentation names exists: a path in
/// backticks (`Sources/…`, `docs/…`, `scripts/…`) or a relative Markdown link.
/// A moved file fails here, not in a reader's editor.
@Suite struct DocumentedPathsTests {
    /// The top-level folders a named path starts with.
    static let roots = ["Sources/", "Tests/", "docs/", "scripts/", "examples/", "Benchmarks/", "Fuzz/", "Keys/", ".ci/"]

    /// A path as written, less what points inside the file (`#anchor`, `:line`) and trailing punctuation.
    static func cleaned(_ path: Substring) -> String {
        var path = String(path.prefix { $0 != "#" && !$0.isWhitespace && $0 != "`" })
        while let last = path.last, ".,;:)".contains(last) { path.removeLast() }
        if let colon = path.firstIndex(of: ":"), path[path.index(after: colon)...].allSatisfy(\.isNumber) {
            path = String(path[..<colon])
        }
        return path
    }

    @Test func everyNamedFileExists() throws {
        let root = Bridgectl.packageRoot
        var missing: [String] = []
        var checked = 0
        for document in try DocumentedCommandsTests.documents() + ["CHANGELOG.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let directory = (document as NSString).deletingLastPathComponent
            // Paths in backticks, from the repository's root.
            for span in text.split(separator: "`").enumerated() where span.offset % 2 == 1 {
                let candidate = span.element.split(whereSeparator: \.isWhitespace).first.map(Self.cleaned) ?? ""
                guard Self.roots.contains(where: candidate.hasPrefix), !candidate.contains("*"),
                    !candidate.contains("<"), !candidate.contains("$"), !candidate.uppercased().contains("LANGUAGE")
                else { continue }
                checked += 1
                if !FileManager.default.fileExists(atPath: root.appendingPathComponent(candidate).path) {
                    missing.append("\(document): `\(candidate)`")
                }
            }
            // Relative Markdown links, from the document's folder.
            for link in text.split(separator: "](").dropFirst() {
                let target = Self.cleaned(link.prefix { $0 != ")" })
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                checked += 1
                let path = root.appendingPathComponent(directory).appendingPathComponent(target).standardized.path
                if !FileManager.default.fileExists(atPath: path) { missing.append("\(document): (\(target))") }
            }
        }
        #expect(checked > 100)
        #expect(missing.isEmpty, "\(missing)")
    }
}

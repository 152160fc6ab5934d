#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The languages widget text is translated into: the titles, placeholders,
/// flags, captions and relative times. Amounts, percentages and dates follow
/// the whole locale through Foundation's format styles, in every locale.
///
/// The translations are the package's resources (the `SecureBridgeResources`
/// target), one `Localizable.strings` per language in `<language>.lproj`,
/// keyed by the English text, as Apple's `Bundle` lays them out. On Linux
/// they are read with FoundationEssentials' property-list decoder: `Bundle`
/// would link swift-corelibs-foundation into every widget refresh, which
/// costs each `bridgectl read` about 0.8 ms and 1.4 MiB (docs/PERFORMANCE.md).
/// English needs no file: its text is the key.
package enum WidgetLanguage: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case japanese = "ja"
    case arabic = "ar"

    /// The language of a locale identifier (`de_DE`, `fr-CA`, `ar`); English
    /// for a language without a translation.
    package init(localeIdentifier: String) {
        let language = localeIdentifier.utf8.prefix { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }
        self = Self(rawValue: String(decoding: language, as: UTF8.self).lowercased()) ?? .english
    }

    /// Whether the language is written right to left, so a widget lays out mirrored.
    package var isRightToLeft: Bool { self == .arabic }

    /// `english` in this language; `english` itself when there is no
    /// translation (or the resources cannot be found).
    package func text(_ english: String) -> String {
        guard self != .english else { return english }
        return LocalizedStrings.shared.table(for: self)[english] ?? english
    }

    /// `english`, a text with one `%@`, in this language, with `argument` in
    /// place of the `%@`.
    package func text(_ english: String, _ argument: String) -> String {
        // Found byte by byte: `replacing(_:with:)` brings in the string
        // processing library's searchers at a widget process's first call.
        let translated = text(english)
        let bytes = translated.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: "%"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "@") {
                return String(translated[..<index]) + argument + String(translated[bytes.index(after: next)...])
            }
            index = next
        }
        return translated
    }
}

/// The translations, each language's table read once per process.
final class LocalizedStrings: Sendable {
    static let shared = LocalizedStrings()

    /// The name SwiftPM gives the core's resource bundle.
    static let bundleName = "SecureBridge_SecureBridgeResources.resources"

    private let tables = Mutex<[[String: String]?]>(Array(repeating: nil, count: WidgetLanguage.allCases.count))

    func table(for language: WidgetLanguage) -> [String: String] {
        let index = WidgetLanguage.allCases.firstIndex(of: language)!
        return tables.withLock { tables in
            if let table = tables[index] { return table }
            // A table that could not be read is looked for again next time
            // (a long-lived reader may have been out of descriptors).
            guard let table = Self.load(language) else { return [:] }
            tables[index] = table
            return table
        }
    }

    /// The places the resource bundle is looked for, in order: beside the
    /// executable (where SwiftPM builds it, and where an app ships it), then
    /// `../share/securebridge` from the executable (where `scripts/install`
    /// puts it).
    static func bundleDirectories() -> [String] {
        guard let directory = executableDirectory() else { return [] }
        return ["\(directory)/\(bundleName)", "\(directory)/../share/securebridge/\(bundleName)"]
    }

    /// The language's table, or `nil` when no bundle holds a readable one.
    private static func load(_ language: WidgetLanguage) -> [String: String]? {
        for directory in bundleDirectories() {
            let path = "\(directory)/\(language.rawValue).lproj/Localizable.strings"
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .uncached),
                let table = try? PropertyListDecoder().decode([String: String].self, from: data)
            else { continue }
            return table
        }
        return nil
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The languages widget text is translated into; amounts, percentages and dates follow the whole locale.
/// The tables are compiled in (`Translations.swift`) and decoded without `Bundle` (docs/PERFORMANCE.md).
package enum WidgetLanguage: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case japanese = "ja"
    case arabic = "ar"

    /// The language of a locale identifier (`de_DE`, `fr-CA`); English when there is no translation.
    package init(localeIdentifier: String) {
        let language = localeIdentifier.utf8.prefix { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }
        self = Self(rawValue: String(decoding: language, as: UTF8.self).lowercased()) ?? .english
    }

    /// Whether the language is written right to left, so a widget lays out mirrored.
    package var isRightToLeft: Bool { self == .arabic }

    /// `english` in this language; `english` itself when there is no translation.
    package func text(_ english: String) -> String {
        guard self != .english else { return english }
        return LocalizedStrings.shared.table(for: self)[english] ?? english
    }

    /// `english`, a text with one `%@`, in this language, with `argument` in place of the `%@`.
    package func text(_ english: String, _ argument: String) -> String {
        // Byte by byte: `replacing(_:with:)` would load the string-processing searchers on first call.
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

/// The translations, each language's table decoded once per process.
final class LocalizedStrings: Sendable {
    static let shared = LocalizedStrings()

    private let tables = Mutex<[[String: String]?]>(Array(repeating: nil, count: WidgetLanguage.allCases.count))

    func table(for language: WidgetLanguage) -> [String: String] {
        let index = WidgetLanguage.allCases.firstIndex(of: language)!
        return tables.withLock { tables in
            if let table = tables[index] { return table }
            let table = Self.decode(language)
            tables[index] = table
            return table
        }
    }

    /// The embedded table of `language`, decoded; empty if it cannot be (`EmbeddedTranslationsTests`).
    static func decode(_ language: WidgetLanguage) -> [String: String] {
        (try? PropertyListDecoder().decode([String: String].self, from: embeddedBytes(language))) ?? [:]
    }

    static func embeddedBytes(_ language: WidgetLanguage) -> Data {
        language.localizableStrings.withUTF8Buffer { Data($0) }
    }
}

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
/// The translations are one `Localizable.strings` per language in
/// `Sources/SecureBridge/Resources/Localizations/<language>.lproj`, keyed by
/// the English text, as Apple's `Bundle` lays them out, and compiled into the
/// core as string literals (`Translations.swift`, which
/// `scripts/update-translations` writes from them) on every platform: an
/// executable copied on its own speaks every language whole, and a widget
/// refresh opens no file for them. They are decoded with FoundationEssentials'
/// property-list decoder: `Bundle` would link swift-corelibs-foundation into
/// every widget refresh, which costs each `bridgectl read` about 0.8 ms and
/// 1.4 MiB (docs/PERFORMANCE.md). English needs no table: its text is the key.
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

    /// `english` in this language; `english` itself when there is no translation.
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

/// The translations, each language's table decoded once per process from
/// the bytes the binary holds (`Translations.swift`).
final class LocalizedStrings: Sendable {
    static let shared = LocalizedStrings()

    private let tables = Mutex<[[String: String]?]>(Array(repeating: nil, count: WidgetLanguage.allCases.count))

    /// The language's table: English text to its translation.
    func table(for language: WidgetLanguage) -> [String: String] {
        let index = WidgetLanguage.allCases.firstIndex(of: language)!
        return tables.withLock { tables in
            if let table = tables[index] { return table }
            let table = Self.decode(language)
            tables[index] = table
            return table
        }
    }

    /// The embedded `Localizable.strings` of `language`, decoded; empty if it
    /// cannot be (`EmbeddedTranslationsTests` decodes every table).
    static func decode(_ language: WidgetLanguage) -> [String: String] {
        (try? PropertyListDecoder().decode([String: String].self, from: embeddedBytes(language))) ?? [:]
    }

    /// The bytes of the language's `Localizable.strings` as the binary holds them.
    static func embeddedBytes(_ language: WidgetLanguage) -> Data {
        language.localizableStrings.withUTF8Buffer { Data($0) }
    }
}

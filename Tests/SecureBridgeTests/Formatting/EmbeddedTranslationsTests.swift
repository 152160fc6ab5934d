import Foundation
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

/// The translations are embedded in the binary: the same bytes as the
/// source tree's `Localizable.strings`, decoded into every key.
@Suite struct EmbeddedTranslationsTests {
    @Test(arguments: WidgetLanguage.allCases)
    func theEmbeddedTranslationsAreTheSourceFilesByteForByte(language: WidgetLanguage) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/SecureBridge/Resources/Localizations/\(language.rawValue).lproj/Localizable.strings")
        let embedded = LocalizedStrings.embeddedBytes(language)
        #expect(embedded == (try Data(contentsOf: source)))
        #expect(LocalizedStrings.decode(language).count >= 30)
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SecureBridge
@testable import SecureBridgePreview

/// Builds previews of constructed gate results, and reads SVG back.
enum PreviewFixtures {
    static let now = TimelineFixtures.now

    /// A preview of `result` at `TimelineFixtures.now`.
    static func preview(
        _ result: GateResult, kind: WidgetKind = .balance, privacy: Bool = false, account: String? = nil
    ) -> WidgetPreview {
        WidgetPreview(
            reading: WidgetReader.Reading(result: result, now: now),
            request: TimelineFixtures.request(kind, .systemMedium, account: account, privacy: privacy))
    }

    /// The fixtures' portfolio, fresh.
    static var content: GateResult { .content(TimelineFixtures.content()) }

    /// An entry showing `accounts` in `family`, full and fresh.
    static func entry(accounts: [Account], family: BridgeFamily, kind: WidgetKind = .balance) -> BridgeEntry {
        let portfolio = Portfolio(accounts: accounts, analytics: TimelineFixtures.analytics)
        return WidgetTimeline.entry(
            for: TimelineFixtures.content(portfolio: portfolio), request: TimelineFixtures.request(kind, family), at: now)
    }

    static func account(_ name: String, minorUnits: Int64 = 467_500, id: String = "acc-1", type: AccountType = .main) -> Account {
        Account(id: id, name: name, balance: Money(minorUnits: minorUnits, currency: TimelineFixtures.eur),
                iban: IBAN(checkedElectronicFormat: "DE89370400440532013000"), type: type)
    }
}

/// What an XML parser saw in a document.
final class ParsedXML: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?
    private(set) var isWellFormed = false

    /// Parses `text`; `isWellFormed` tells whether it is well-formed XML.
    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
        error = parser.parserError
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    /// The texts of the elements with `class="role"`.
    func texts(ofClass role: String) -> [String] {
        elements.filter { $0.attributes["class"] == role }.map(\.text)
    }

    /// Every text in the document.
    var allText: [String] { elements.map(\.text).filter { !$0.isEmpty } }
}

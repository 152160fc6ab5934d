import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

import Foundation
import Testing
@testable import SecureBridgePreview
@testable import SecureBridgeTestSupport
@testable import bridgectl

/// `bridgectl preview`'s own pieces: when it colours, the width it lays text
/// out for, and the gallery file it writes.
@Suite struct PreviewCommandTests {
    @Test func colourOnlyOnATerminal() {
        #expect(TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: [:]))
        #expect(TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(!TerminalColor.isEnabled(standardOutputIsTerminal: false, environment: [:]))
        #expect(!TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func noColorTurnsColourOffWhenSetToAnything() {
        #expect(!TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: ["NO_COLOR": "0"]))
        #expect(!TerminalColor.isEnabled(standardOutputIsTerminal: false, environment: ["NO_COLOR": "1"]))
        // no-color.org: an empty value does not count as set.
        #expect(TerminalColor.isEnabled(standardOutputIsTerminal: true, environment: ["NO_COLOR": ""]))
    }

    @Test func theWidthIsColumnsElseTheTerminals() {
        #expect(BridgeCtl.Preview.terminalColumns(environment: ["COLUMNS": "33"]) == 33)
        // Not a positive number: the terminal's own width, and the test's standard output is no terminal.
        for value in ["0", "-3", "wide", ""] {
            #expect(BridgeCtl.Preview.terminalColumns(environment: ["COLUMNS": value]) == nil, "\(value)")
        }
    }

    @Test func galleryFilesAreWrittenWholeAndForTheOwnerOnly() throws {
        let fixture = try BridgeFixture()
        let path = fixture.root + "/widgets.html"
        try PreviewFile.write("first", to: path)
        try PreviewFile.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root) == ["widgets.html"])
        #expect(throws: PreviewError.cannotWrite(path: fixture.root + "/missing/w.html", errno: ENOENT)) {
            try PreviewFile.write("x", to: fixture.root + "/missing/w.html")
        }
    }
}

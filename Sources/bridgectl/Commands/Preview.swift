public import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(CLinux)
#if os(Linux)
internal import CLinux
#endif
#endif
import SecureBridge
import SecureBridgePreview

extension PreviewAppearance: ExpressibleByArgument {}

/// How `preview` draws to standard output.
enum PreviewFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case svg
}

extension BridgeCtl {
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Draw what the widget shows: boxes in the terminal, SVG, or a gallery page of every size and state.",
            discussion: """
                Reads the home as `read` does and draws the entry each family shows now (every family unless \
                --family is given). --format svg prints SVG at the families' point sizes, in light and dark unless \
                --appearance picks one. --gallery writes one self-contained HTML page with every family in every \
                state (full, stale, masked, placeholder) in light and dark, and the timeline entry by entry; the \
                page may hold your balances, so it is written readable by you only.
                """)

        @OptionGroup var options: GlobalOptions
        @OptionGroup var widget: WidgetOptions

        @Option(help: "Output format: text (boxes) or svg.")
        var format: PreviewFormat = .text

        @Option(help: "SVG appearance: light or dark (default: both).")
        var appearance: PreviewAppearance?

        @Option(help: ArgumentHelp("Write the gallery page to this HTML file and print its path.", valueName: "file.html"))
        var gallery: String?

        /// The width the text preview must fit: `COLUMNS` when it is a positive
        /// number, else the width of the terminal standard output is, else none
        /// (output to a file or a pipe is drawn at the families' proportions).
        static func terminalColumns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
            if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
            #if canImport(CLinux)
            let columns = Int(CLinux_terminalColumns(STDOUT_FILENO))
            return columns > 0 ? columns : nil
            #else
            return nil
            #endif
        }

        func validate() throws {
            if appearance != nil, format != .svg {
                throw ValidationError("--appearance applies to --format svg; the gallery always shows both.")
            }
        }

        func run() throws {
            let instant = try parseInstant(widget.now)
            let preview = WidgetPreview(
                reader: WidgetReader(home: try options.bridgeHome), request: try widget.request(),
                now: instant ?? Date(), whatIf: instant != nil)
            let families = widget.family.map { [$0] } ?? BridgeFamily.allCases
            if let gallery {
                try PreviewFile.write(preview.galleryHTML(timelineFamily: widget.family ?? .systemMedium), to: gallery)
                print(gallery)
                return
            }
            switch format {
            case .text:
                let color = TerminalColor.isEnabled(
                    standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
                print(preview.text(families: families, color: color, columns: Self.terminalColumns()), terminator: "")
            case .svg:
                print(preview.svg(families: families, appearances: appearance.map { [$0] } ?? PreviewAppearance.allCases),
                      terminator: "")
            }
        }
    }
}

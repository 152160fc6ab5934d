/// A journal's text (a path, an account, a commodity) as it may reach a
/// terminal or a log: without control characters (an escape sequence in a
/// commodity's name would move the cursor or retitle the window) and
/// without the invisible marks that reorder a line.
struct Printable: CustomStringConvertible {
    let description: String

    init(_ text: String) {
        description = String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return false
            default: return true
            }
        }))
    }
}

/// A word a user can paste into a POSIX shell: as it is when it holds only
/// characters no shell reads, otherwise in single quotes (`'my books/m.journal'`).
struct ShellWord: CustomStringConvertible {
    let description: String

    init(_ word: String) {
        let printable = Printable(word).description
        let plain = !printable.isEmpty && printable.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "+", ",", ":", "@", "%", "=": return true
            default: return false
            }
        }
        description = plain ? printable : "'" + printable.replacing("'", with: #"'\''"#) + "'"
    }
}

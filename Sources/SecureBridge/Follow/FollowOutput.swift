public import SystemPackage

/// Where a follower prints: each rendered timeline, then a newline, written
/// at once (a pipe sees it without buffering), and only when it differs from
/// the one printed last.
///
/// A follower makes a new timeline whenever the files change, and a publish
/// of unchanged content still changes them (the sequence number, the dates);
/// the timeline then differs while what a format prints of it may not. Judged
/// on the rendered text, per format, a bar redraws only when what it shows
/// has changed.
public struct FollowOutput {
    private let descriptor: FileDescriptor
    private var lastPrinted: String?

    /// An output that has printed nothing yet.
    /// - Parameter descriptor: Where to write; standard output by default.
    public init(_ descriptor: FileDescriptor = .standardOutput) {
        self.descriptor = descriptor
    }

    /// Prints `rendered` and a newline, unless it is what was printed last.
    /// - Parameter rendered: A timeline in the follower's format.
    /// - Returns: Whether it was printed.
    /// - Throws: `HangUp.readerGone` when nobody reads the output any more
    ///   (`EPIPE`, with `SIGPIPE` ignored); the write's `Errno` otherwise.
    @discardableResult
    public mutating func print(_ rendered: String) throws -> Bool {
        guard rendered != lastPrinted else { return false }
        do {
            _ = try descriptor.writeAll((rendered + "\n").utf8)
        } catch Errno.brokenPipe {
            throw HangUp.readerGone
        }
        lastPrinted = rendered
        return true
    }
}

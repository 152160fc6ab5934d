/// The number each text was first registered under: what finds a repeated
/// account id or category, in constant time per text.
///
/// A small open-addressing hash table over two lists, not a `Dictionary`:
/// a start-up trick (docs/PERFORMANCE.md). A dictionary's first use makes the
/// Swift runtime search every protocol conformance in the binary for
/// `String: Hashable`; the lists and the table need no such look-up.
struct FirstOccurrences {
    private var texts: [String] = []
    private var numbers: [Int] = []
    /// Each slot holds an index into `texts` plus one, or 0 when empty; the
    /// count is a power of two, at least twice the texts'.
    private var slots: [Int] = []

    /// Registers `number` under `text`, unless a number is registered under it already.
    /// - Returns: The number registered under `text` before, or `nil` when it is new.
    mutating func register(_ text: String, number: Int) -> Int? {
        if slots.count < 2 * (texts.count + 1) { grow() }
        var slot = text.hashValue & (slots.count - 1)
        while slots[slot] != 0 {
            let index = slots[slot] - 1
            if texts[index] == text { return numbers[index] }
            slot = (slot + 1) & (slots.count - 1)
        }
        texts.append(text)
        numbers.append(number)
        slots[slot] = texts.count
        return nil
    }

    /// Doubles the table (16 slots at first) and places every text again.
    private mutating func grow() {
        slots = [Int](repeating: 0, count: max(16, slots.count * 2))
        for index in texts.indices {
            var slot = texts[index].hashValue & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index + 1
        }
    }
}

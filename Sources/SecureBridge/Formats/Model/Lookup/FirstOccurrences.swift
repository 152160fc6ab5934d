/// The number each text was first registered under; not a `Dictionary`, a start-up trick (Benchmarks/Tricks).
struct FirstOccurrences {
    private var texts: [String] = []
    private var numbers: [Int] = []
    /// Index into `texts` plus one, 0 when empty; a power of two, at least twice the texts.
    private var slots: [Int] = []

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

    private mutating func grow() {
        slots = [Int](repeating: 0, count: max(16, slots.count * 2))
        for index in texts.indices {
            var slot = texts[index].hashValue & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index + 1
        }
    }
}

/// A fixed table keyed by a short text, written as a sorted literal and searched by bisection (Benchmarks/Tricks).
package struct SortedTable<Value> {
    /// The entries, in strictly increasing key order.
    let entries: [(key: String, value: Value)]

    private init(sorted entries: [(key: String, value: Value)]) {
        for index in entries.indices.dropFirst() {
            precondition(entries[index - 1].key < entries[index].key, "SortedTable: keys out of order or given twice")
        }
        self.entries = entries
    }

    package subscript(key: String) -> Value? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].key == key ? entries[low].value : nil
    }

    var count: Int { entries.count }

    var keys: [String] { entries.map(\.key) }

    /// This table with the values `changes` gives for some of its keys.
    /// - Precondition: `changes` has no key this table lacks.
    package func replacingValues(with changes: SortedTable) -> SortedTable {
        precondition(changes.entries.allSatisfy { self[$0.key] != nil }, "SortedTable: a change for a key not in the table")
        return SortedTable(sorted: entries.map { (key: $0.key, value: changes[$0.key] ?? $0.value) })
    }
}

extension SortedTable: ExpressibleByDictionaryLiteral {
    /// - Precondition: The keys are in strictly increasing order, so none is given twice.
    package init(dictionaryLiteral elements: (String, Value)...) {
        self.init(sorted: elements.map { (key: $0.0, value: $0.1) })
    }
}

extension SortedTable: Sequence {
    package func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> {
        entries.makeIterator()
    }
}

extension SortedTable: Sendable where Value: Sendable {}

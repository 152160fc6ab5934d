/// A fixed table looked up by a short text (an ISO code), written as a
/// dictionary literal in key order and searched by bisection.
///
/// The tables a read or a publish consults use it rather than a `Dictionary`,
/// for the reason `FirstOccurrences` gives: a whole `bridgectl` process is
/// short, and a dictionary's first use costs it a search of every protocol
/// conformance in the binary. Nothing is sorted at run time either (the
/// standard library's sort has the same cost): the literal is written sorted.
package struct SortedTable<Value> {
    /// The entries, in strictly increasing key order.
    let entries: [(key: String, value: Value)]

    private init(sorted entries: [(key: String, value: Value)]) {
        for index in entries.indices.dropFirst() {
            precondition(entries[index - 1].key < entries[index].key, "SortedTable: keys out of order or given twice")
        }
        self.entries = entries
    }

    /// The value of `key`, or `nil` when the table has none.
    package subscript(key: String) -> Value? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].key == key ? entries[low].value : nil
    }

    /// How many entries the table has.
    var count: Int { entries.count }

    /// The keys, in order.
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

/// The entries in key order.
extension SortedTable: Sequence {
    package func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> {
        entries.makeIterator()
    }
}

extension SortedTable: Sendable where Value: Sendable {}

import Benchmark
import BridgeFixtures
import Foundation
import Synchronization

/// Paired timings of an operation and its floor, with a printed summary.
final class Ratios: Sendable {
    static let read = Ratios()
    static let publish = Ratios()
    static let changedPublish = Ratios()
    static let reread = Ratios()
    static let readMetric = BenchmarkMetric.custom(
        "read ÷ floor (×100)", polarity: .prefersSmaller, useScalingFactor: false)
    static let publishMetric = BenchmarkMetric.custom(
        "publish ÷ floor (×100)", polarity: .prefersSmaller, useScalingFactor: false)
    static let changedPublishMetric = BenchmarkMetric.custom(
        "changed publish ÷ durable write (×100)", polarity: .prefersSmaller, useScalingFactor: false)
    static let rereadMetric = BenchmarkMetric.custom(
        "re-read ÷ cold read (×100)", polarity: .prefersSmaller, useScalingFactor: false)

    private let samples = Mutex<(operation: [UInt64], floor: [UInt64])>(([], []))

    func reset() {
        samples.withLock { $0 = ([], []) }
    }

    func record(operation: UInt64, floor: UInt64) {
        samples.withLock {
            $0.operation.append(operation)
            $0.floor.append(floor)
        }
    }

    /// Prints the medians and their ratio on standard error.
    func report(_ operation: String, floor: String) {
        let (operations, floors) = samples.withLock { $0 }
        guard !operations.isEmpty else { return }
        func median(_ values: [UInt64]) -> Double {
            let sorted = values.sorted()
            return Double(sorted[sorted.count / 2]) / 1_000
        }
        let ratio = median(operations) / median(floors)
        let line = String(
            format: "%@: median %.1f µs; floor (%@): median %.1f µs; ratio %.2f (%d samples)\n",
            operation, median(operations), floor, median(floors), ratio, operations.count)
        FileHandle.standardError.write(Data(line.utf8))
    }
}

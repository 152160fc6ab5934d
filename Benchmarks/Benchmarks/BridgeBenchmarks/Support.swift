import Benchmark
import BridgeFixtures
import Foundation
import Synchronization

/// Paired timings of an operation and its floor, with a printed summary.
final class Ratios: Sendable {
    static let read = Ratios(
        metric: "read ÷ floor (×100)", operation: "read 1 KB",
        floor: "\(gateVerifications) × Ed25519 verify + AES-GCM open")
    static let publish = Ratios(
        metric: "publish ÷ floor (×100)", operation: "publish 1 KB",
        floor: "AES-GCM seal + Ed25519 sign + durable atomic write")
    static let changedPublish = Ratios(
        metric: "changed publish ÷ durable write (×100)", operation: "changed publish 1 KB",
        floor: "one durable atomic write of a 1 KB snapshot's size")
    static let reread = Ratios(
        metric: "re-read ÷ cold read (×100)", operation: "re-read 1 KB, long-lived reader",
        floor: "the same read by a new reader")
    static let readFloor = Ratios(
        metric: "a read's system calls and timeline ÷ cold read (×100)",
        operation: "a read's system calls and its timeline from the gate's result", floor: "a cold read by a new reader")
    static let readSystemCalls = Ratios(
        metric: "a read's system calls ÷ cold read (×100)", operation: "a read's system calls alone (ReadSystemCalls)",
        floor: "a cold read by a new reader")

    /// The benchmark's metric: the ratio × 100 of each pair.
    let metric: BenchmarkMetric
    private let operation: String
    private let floor: String

    private init(metric: String, operation: String, floor: String) {
        self.metric = BenchmarkMetric.custom(metric, polarity: .prefersSmaller, useScalingFactor: false)
        self.operation = operation
        self.floor = floor
    }

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
    func report() {
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

/// A benchmark that times an operation and its floor back to back in every
/// iteration, so that load on the machine hits both alike, records the pair
/// in `ratios` and prints the medians and their ratio at the end.
/// - Parameter make: Builds the two, once per run: the operation, then its floor.
func pairedRatio(
    _ name: String, _ ratios: Ratios, iterations: Int,
    make: @escaping @Sendable () throws -> (operation: () throws -> Void, floor: () throws -> Void)
) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [ratios.metric], warmupIterations: 10, maxDuration: .seconds(3), maxIterations: iterations)
    ) { benchmark in
        let (operation, floor) = try make()
        for _ in benchmark.scaledIterations {
            let start = Ticks.now()
            try operation()
            let middle = Ticks.now()
            try floor()
            let end = Ticks.now()
            ratios.record(operation: middle - start, floor: end - middle)
            benchmark.measurement(ratios.metric, Int((100 * Double(middle - start) / Double(end - middle)).rounded()))
        }
    } setup: {
        _ = try make()
        ratios.reset()
    } teardown: {
        ratios.report()
    }
}

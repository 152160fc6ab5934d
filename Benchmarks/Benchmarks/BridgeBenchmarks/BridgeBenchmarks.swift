import Benchmark
import BridgeFixtures
import Foundation
@testable import SecureBridge

/// The account counts the scaling benchmarks cover.
let accountCounts = [1, 10, 100, 1_000]

/// Signature verifications one widget read performs: the onboarding record,
/// the auth status and the snapshot (WidgetReader's gate, steps 1 to 3).
let gateVerifications = 3

let benchmarks: @Sendable () -> Void = {
    let timed = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 5_000)

    // MARK: Full read and publish, by size

    for count in accountCounts {
        let label = count == 1 ? "1 account" : "\(count) accounts"
        Benchmark("Read \(label)", configuration: timed) { benchmark in
            let home = try Homes.home(accounts: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(home.coldRead()) }
        } setup: {
            _ = try Homes.home(accounts: count)
        }
        Benchmark("Publish \(label)", configuration: timed) { benchmark in
            let home = try Homes.home(accounts: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { try home.publish() }
        } setup: {
            _ = try Homes.home(accounts: count)
        }
    }

    Benchmark("Read 1 KB snapshot", configuration: timed) { benchmark in
        let home = try Homes.oneKilobyte()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(home.coldRead()) }
    } setup: {
        _ = try Homes.oneKilobyte()
    }

    Benchmark("Read 1 KB snapshot as JSON", configuration: timed) { benchmark in
        let home = try Homes.oneKilobyte()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(TimelineJSON.render(home.coldRead())) }
    } setup: {
        _ = try Homes.oneKilobyte()
    }

    Benchmark("Publish 1 KB snapshot", configuration: timed) { benchmark in
        let home = try Homes.oneKilobyte()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try home.publish() }
    } setup: {
        _ = try Homes.oneKilobyte()
    }

    // MARK: The floor: primitives alone on the same bytes

    Benchmark("Floor Ed25519 verify (1 KB snapshot)", configuration: timed) { benchmark in
        let sealed = try Homes.oneKilobyteSealed()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { precondition(sealed.verifySignature()) }
    } setup: {
        _ = try Homes.oneKilobyteSealed()
    }

    Benchmark("Floor AES-GCM open (1 KB snapshot)", configuration: timed) { benchmark in
        let sealed = try Homes.oneKilobyteSealed()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try sealed.openCiphertext()) }
    } setup: {
        _ = try Homes.oneKilobyteSealed()
    }

    Benchmark("Floor durable atomic write (1 KB)", configuration: timed) { benchmark in
        let floor = try Homes.publishFloor()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try floor.write(floor.sample) }
    } setup: {
        _ = try Homes.publishFloor()
    }

    // Each iteration times the real operation and its floor back to back, so
    // load on the machine hits both alike; the metric is the ratio × 100.
    Benchmark(
        "Ratio read 1 KB ÷ (\(gateVerifications) × verify + open)",
        configuration: .init(
            metrics: [Ratios.readMetric], warmupIterations: 10, maxDuration: .seconds(3), maxIterations: 3_000)
    ) { benchmark in
        let home = try Homes.oneKilobyte()
        let sealed = try Homes.oneKilobyteSealed()
        for _ in benchmark.scaledIterations {
            let start = Ticks.now()
            blackHole(home.coldRead())
            let middle = Ticks.now()
            for _ in 0..<gateVerifications { precondition(sealed.verifySignature()) }
            blackHole(try sealed.openCiphertext())
            let end = Ticks.now()
            Ratios.read.record(operation: middle - start, floor: end - middle)
            benchmark.measurement(Ratios.readMetric, Int((100 * Double(middle - start) / Double(end - middle)).rounded()))
        }
    } setup: {
        _ = try Homes.oneKilobyteSealed()
        Ratios.read.reset()
    } teardown: {
        Ratios.read.report("read 1 KB", floor: "\(gateVerifications) × Ed25519 verify + AES-GCM open")
    }

    Benchmark(
        "Ratio publish 1 KB ÷ (durable write + sign + seal)",
        configuration: .init(
            metrics: [Ratios.publishMetric], warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 1_000)
    ) { benchmark in
        let home = try Homes.oneKilobyte()
        let floor = try Homes.publishFloor()
        for _ in benchmark.scaledIterations {
            let start = Ticks.now()
            try home.publish()
            let middle = Ticks.now()
            try floor.sealSignWrite()
            let end = Ticks.now()
            Ratios.publish.record(operation: middle - start, floor: end - middle)
            benchmark.measurement(Ratios.publishMetric, Int((100 * Double(middle - start) / Double(end - middle)).rounded()))
        }
    } setup: {
        _ = try Homes.oneKilobyte()
        _ = try Homes.publishFloor()
        Ratios.publish.reset()
    } teardown: {
        Ratios.publish.report("publish 1 KB", floor: "AES-GCM seal + Ed25519 sign + durable atomic write")
    }

    Benchmark(
        "Ratio changed publish 1 KB ÷ durable write of as many bytes",
        configuration: .init(
            metrics: [Ratios.changedPublishMetric], warmupIterations: 5, maxDuration: .seconds(3), maxIterations: 1_000)
    ) { benchmark in
        let home = try Homes.oneKilobyte()
        let floor = try Homes.publishFloor()
        for _ in benchmark.scaledIterations {
            let start = Ticks.now()
            try home.publishChanged()
            let middle = Ticks.now()
            try floor.write(floor.sample)
            let end = Ticks.now()
            Ratios.changedPublish.record(operation: middle - start, floor: end - middle)
            benchmark.measurement(
                Ratios.changedPublishMetric, Int((100 * Double(middle - start) / Double(end - middle)).rounded()))
        }
    } setup: {
        _ = try Homes.oneKilobyte()
        _ = try Homes.publishFloor()
        Ratios.changedPublish.reset()
    } teardown: {
        Ratios.changedPublish.report("changed publish 1 KB", floor: "one durable atomic write of a 1 KB snapshot's size")
    }

    Benchmark(
        "Ratio re-read 1 KB (long-lived reader, files unchanged) ÷ cold read",
        configuration: .init(
            metrics: [Ratios.rereadMetric], warmupIterations: 10, maxDuration: .seconds(3), maxIterations: 3_000)
    ) { benchmark in
        let home = try Homes.oneKilobyte()
        for _ in benchmark.scaledIterations {
            let start = Ticks.now()
            blackHole(home.read())
            let middle = Ticks.now()
            blackHole(home.coldRead())
            let end = Ticks.now()
            Ratios.reread.record(operation: middle - start, floor: end - middle)
            benchmark.measurement(Ratios.rereadMetric, Int((100 * Double(middle - start) / Double(end - middle)).rounded()))
        }
    } setup: {
        _ = try Homes.oneKilobyte()
        Ratios.reread.reset()
    } teardown: {
        Ratios.reread.report("re-read 1 KB, long-lived reader", floor: "the same read by a new reader")
    }

    // MARK: The parts on their own

    Benchmark("Envelope verify (1 KB snapshot)", configuration: timed) { benchmark in
        let sealed = try Homes.oneKilobyteSealed()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try sealed.envelope.verifySignature(with: sealed.publisher) }
    } setup: {
        _ = try Homes.oneKilobyteSealed()
    }

    Benchmark("Envelope open (1 KB snapshot: verify, derive key, decrypt)", configuration: timed) { benchmark in
        let sealed = try Homes.oneKilobyteSealed()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try sealed.envelope.open(verifyingWith: sealed.publisher, dataKey: sealed.dataKey))
        }
    } setup: {
        _ = try Homes.oneKilobyteSealed()
    }

    Benchmark("Envelope seal (1 KB snapshot: derive key, encrypt, sign)", configuration: timed) { benchmark in
        let floor = try Homes.publishFloor()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try floor.sealEnvelope())
        }
    } setup: {
        _ = try Homes.publishFloor()
    }

    for count in accountCounts {
        let label = count == 1 ? "1 account" : "\(count) accounts"
        Benchmark("Payload decode \(label)", configuration: timed) { benchmark in
            let payload = try Payloads.payload(accounts: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try Portfolio(payload: payload)) }
        } setup: {
            _ = try Payloads.payload(accounts: count)
        }
        Benchmark("Payload encode \(label)", configuration: timed) { benchmark in
            let portfolio = try Portfolio(payload: Payloads.payload(accounts: count))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try portfolio.payloadBytes()) }
        } setup: {
            _ = try Payloads.payload(accounts: count)
        }
    }
}

import Benchmark
import BridgeFixtures
import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

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
    pairedRatio("Ratio read 1 KB ÷ (\(gateVerifications) × verify + open)", Ratios.read, iterations: 3_000) {
        let home = try Homes.oneKilobyte()
        let sealed = try Homes.oneKilobyteSealed()
        return ({ blackHole(home.coldRead()) }, {
            for _ in 0..<gateVerifications { precondition(sealed.verifySignature()) }
            blackHole(try sealed.openCiphertext())
        })
    }

    pairedRatio("Ratio publish 1 KB ÷ (durable write + sign + seal)", Ratios.publish, iterations: 1_000) {
        let home = try Homes.oneKilobyte()
        let floor = try Homes.publishFloor()
        return ({ try home.publish() }, { try floor.sealSignWrite() })
    }

    pairedRatio("Ratio changed publish 1 KB ÷ durable write of as many bytes", Ratios.changedPublish, iterations: 1_000) {
        let home = try Homes.oneKilobyte()
        let floor = try Homes.publishFloor()
        return ({ try home.publishChanged() }, { try floor.write(floor.sample) })
    }

    pairedRatio("Ratio re-read 1 KB (long-lived reader, files unchanged) ÷ cold read", Ratios.reread, iterations: 3_000) {
        let home = try Homes.oneKilobyte()
        return ({ blackHole(home.read()) }, { blackHole(home.coldRead()) })
    }

    // The floor under a re-read: what no read can skip, against the same cold read: the
    // system calls that look at every file, alone, and then with the timeline built from
    // the gate's result (which a re-read of unchanged files could at most keep).
    pairedRatio("Ratio a read's system calls alone ÷ cold read", Ratios.readSystemCalls, iterations: 3_000) {
        let home = try Homes.oneKilobyte()
        let calls = ReadSystemCalls(home: home.root)
        return ({ blackHole(calls.run()) }, { blackHole(home.coldRead()) })
    }

    pairedRatio("Ratio a read's system calls and its timeline ÷ cold read", Ratios.readFloor, iterations: 3_000) {
        let home = try Homes.oneKilobyte()
        let calls = ReadSystemCalls(home: home.root)
        let result = home.gateResult()
        return ({ blackHole(calls.run()); blackHole(home.timeline(of: result)) }, { blackHole(home.coldRead()) })
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

// Runs one operation N times in-process, for instruction counts under
// callgrind (load-independent): instructions per operation are
// (Ir at N=101 − Ir at N=1) / 100. See docs/PERFORMANCE.md.
//
//   bench-loop read HOME N           the widget's full read (one WidgetReader, as a widget keeps it:
//                                    after the first, re-reads of unchanged files)
//   bench-loop read-json HOME N      the same, rendered as `bridgectl read --format json` prints it
//   bench-loop cold-read HOME N      the full read by a new WidgetReader each time, as a process makes it
//   bench-loop floor HOME N          3 × Ed25519 verify + 1 × AES-GCM open of HOME's snapshot
//   bench-loop publish HOME FILE N   BridgeApp.publish of FILE (HOME must be logged in)
//   bench-loop publish-changed HOME FILE OTHER N
//                                    BridgeApp.publish of FILE and OTHER in turn: each call changes the content
//   bench-loop floor-publish FILE N  seal + sign + one durable atomic write of FILE's payload
//   bench-loop decode FILE N         payload decode of FILE's accounts
import BridgeFixtures
import Foundation
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp
import SystemPackage

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-loop: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[arguments.count - 1]), count > 0 else {
    fail("usage: bench-loop read|read-json|floor HOME N | publish HOME FILE N | publish-changed HOME FILE OTHER N | floor-publish|decode FILE N")
}

func input(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Array(data)
}

var checksum = 0
do {
    switch arguments[1] {
    case "read", "read-json", "cold-read":
        // read, read-json: one long-lived reader (after the first, re-reads of unchanged files);
        // cold-read: a new reader each time, as each bridgectl read process makes one.
        let home = BridgeHome(root: FilePath(arguments[2]))
        let reader = WidgetReader(home: home)
        for _ in 0..<count {
            let timeline = (arguments[1] == "cold-read" ? WidgetReader(home: home) : reader)
                .timeline(for: Fixture.request, now: Date())
            checksum &+= arguments[1] == "read-json" ? TimelineJSON.render(timeline).utf8.count : timeline.entries.count
        }
    case "floor":
        let sealed = try Fixture.Sealed(home: BridgeHome(root: FilePath(arguments[2])))
        for _ in 0..<count {
            for _ in 0..<3 where sealed.verifySignature() { checksum &+= 1 }
            checksum &+= try sealed.openCiphertext().count
        }
    case "publish":
        let app = BridgeApp(home: BridgeHome(root: FilePath(arguments[2])))
        let bytes = input(arguments[3])
        for _ in 0..<count {
            checksum &+= Int(
                try app.publish(
                    bytes, staleAfter: .seconds(Fixture.staleAfterSeconds), expiresAfter: .seconds(Fixture.ttlSeconds), now: Date()
                ).sequence)
        }
    case "publish-changed":
        guard arguments.count == 6 else { fail("usage: bench-loop publish-changed HOME FILE OTHER N") }
        let app = BridgeApp(home: BridgeHome(root: FilePath(arguments[2])))
        let inputs = [input(arguments[3]), input(arguments[4])]
        for index in 0..<count {
            checksum &+= Int(
                try app.publish(
                    inputs[index % 2], staleAfter: .seconds(Fixture.staleAfterSeconds),
                    expiresAfter: .seconds(Fixture.ttlSeconds), now: Date()
                ).sequence)
        }
    case "floor-publish":
        let floor = try PublishFloor(payload: PublishInput.decode(input(arguments[2])).payloadBytes())
        for _ in 0..<count { try floor.sealSignWrite() }
    case "decode":
        let payload = try PublishInput.decode(input(arguments[2])).payloadBytes()
        for _ in 0..<count { checksum &+= try Portfolio(payload: payload).accounts.count }
    default:
        fail("unknown operation \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
print(checksum)

// The Swift hello world linking FoundationEssentials alone, without
// FoundationInternationalization and its ICU: what the read's start-up would
// cost if the core formatted every locale itself. scripts/bench-peers builds
// it as bridgectl is linked and times it beside hello-foundation.swift.
import FoundationEssentials

if CommandLine.arguments.count > 5 {
    print(Decimal(1), Date.now)
}
print("hello")

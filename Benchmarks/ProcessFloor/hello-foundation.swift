// The smallest Swift process that links what SecureBridge's core links:
// FoundationEssentials, and FoundationInternationalization (ICU) for the
// money formatter's fallback. The formatting below never runs; it is there
// so the static link keeps those libraries, whose data the loader relocates
// at every start. scripts/bench-peers builds it as bridgectl is linked.
import FoundationEssentials
import FoundationInternationalization

if CommandLine.arguments.count > 5 {
    print(Decimal(1).formatted(.currency(code: "EUR").locale(Locale(identifier: "de_DE"))), Date.now)
}
print("hello")

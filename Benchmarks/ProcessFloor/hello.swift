// The smallest Swift process: what the runtime's start-up costs on its own.
// scripts/bench-peers builds it with -static-stdlib, as bridgectl's release build.
print("hello")

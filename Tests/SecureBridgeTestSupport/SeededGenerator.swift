import SecureBridgeTesting

/// The tests' deterministic generator: the simulator's SplitMix64, so random
/// tests, sweeps and random instants repeat exactly from a seed.
typealias SeededGenerator = SplitMix64

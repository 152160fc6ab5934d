import SecureBridge

/// The tests' deterministic generator: the core's SplitMix64, so random
/// tests, sweeps and random instants repeat exactly from a seed.
typealias SeededGenerator = SplitMix64

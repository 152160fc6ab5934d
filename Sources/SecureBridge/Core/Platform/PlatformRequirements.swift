// What the core needs from the operating system beyond `BridgePlatform`'s
// requirements, all supplied by one platform folder (Linux/, fenced by
// `os(Linux)`). A port adds a folder beside it, fenced by its own condition,
// and adds that condition here (docs/PORTING.md). `scripts/port-check` builds
// the core with the Linux folder left out and checks that this error, and
// only these requirements, are what is missing.
#if !(os(Linux) && !SECUREBRIDGE_WITHOUT_LINUX_PLATFORM) && !SECUREBRIDGE_PORT_CHECK
#error("""
    SecureBridge has no platform for this system. A port supplies, in Platform/<System>/ fenced by its #if: \
    `extension BridgePlatform where Self == <System>Platform { static var system }`, a class conforming to \
    BridgePlatform; `PlatformSecureMemory.wipe(_:)`; `KernelRandom.fill(_:)`; `ProcessHardening.protectSecrets()` \
    and `ProcessHardeningError`; and `FileDescriptor.sync()` (docs/PORTING.md).
    """)
#endif

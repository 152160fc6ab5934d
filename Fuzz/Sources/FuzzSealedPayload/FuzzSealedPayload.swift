import FuzzSupport

/// libFuzzer entry point: one input, see `SealedPayloadFuzzer`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    SealedPayloadFuzzer.run(FuzzInput.bytes(data, size))
    return 0
}

/// libFuzzer start-up hook: writes the seed corpus when asked to (see `Seeds`).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    Seeds.writeIfAsked(SealedPayloadFuzzer.seeds)
    return 0
}

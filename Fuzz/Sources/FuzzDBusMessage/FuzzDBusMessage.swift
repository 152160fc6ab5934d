import FuzzSupport

/// libFuzzer entry point: one input, see `DBusMessageFuzzer`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    DBusMessageFuzzer.run(FuzzInput.bytes(data, size))
    return 0
}

/// libFuzzer start-up hook: writes the seed corpus when asked to (see `Seeds`).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    Seeds.writeIfAsked(DBusMessageFuzzer.seeds)
    return 0
}

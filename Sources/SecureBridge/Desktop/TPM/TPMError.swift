#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the TPM did not seal or unseal: each a sentence that names the cause.
package enum TPMError: Error, Equatable, CustomStringConvertible {
    /// `TSS2_TCTI` or `TPM2TOOLS_TCTI` names a transport this reader does not speak.
    case unknownTransport(String)
    /// The device or socket cannot be opened or stopped answering (`errno`).
    case unreachable(place: String, errno: Int32)
    /// The TPM answered with a response code other than success.
    case refused(command: String, code: UInt32)
    /// The response is not the shape its command's answer has.
    case malformedResponse
    /// The keychain holds items sealed under a key whose sealed blob is gone.
    case sealedKeyMissing(path: String)

    package var description: String {
        switch self {
        case let .unknownTransport(value):
            return "The TPM transport \"\(value)\" is not one SecureBridge speaks: use device:PATH or swtpm:host=HOST,port=PORT."
        case let .unreachable(place, error) where error == EACCES:
            return "The TPM at \(place) is closed to this user: add the user to the group that owns it (tss)."
        case let .unreachable(place, error) where error == ENOENT:
            return "There is no TPM at \(place)."
        case let .unreachable(place, error) where error == ETIMEDOUT:
            return "The TPM at \(place) did not answer within \(TPMTransport.socketTimeout) seconds."
        case let .unreachable(place, error):
            return "The TPM at \(place) cannot be reached: \(String(cString: strerror(error)))."
        case let .refused(command, code) where Self.isIntegrityFailure(code):
            return "The TPM refused \(command): the sealed key was made by another TPM, or the TPM was cleared, or the blob is damaged (0x\(String(code, radix: 16)))."
        case let .refused(command, code):
            return "The TPM refused \(command) with response code 0x\(String(code, radix: 16))."
        case .malformedResponse:
            return "The TPM's response is malformed."
        case let .sealedKeyMissing(path):
            return "The keychain's items are sealed under a key that is missing from \(path): log in again."
        }
    }

    /// What to do about it, never a command that destroys what the TPM may still unseal.
    package var remedy: String {
        switch self {
        case .unknownTransport:
            return "set TSS2_TCTI to device:/dev/tpmrm0 (the default) or swtpm:host=HOST,port=PORT, and run `bridgectl doctor` again"
        case let .unreachable(_, error) where error == EACCES:
            return "`sudo usermod -aG tss \"$USER\"`, then log out of the desktop and in again"
        case let .unreachable(_, error) where error == ENOENT:
            return "set TSS2_TCTI to this machine's TPM; on a machine without one, log in again with `--keychain files`"
        case .unreachable, .malformedResponse:
            return "check that the TPM (or swtpm) answers at the transport TSS2_TCTI names, and run `bridgectl doctor` again"
        case let .refused(_, code) where Self.isIntegrityFailure(code):
            return "read this home on the machine that made it; if it was made here, log in again to make new keys: `bridgectl login --user ID`"
        case .refused:
            return "run `bridgectl doctor` again; if it stays, log in again to make new keys: `bridgectl login --user ID`"
        case .sealedKeyMissing:
            return "log in again to make new keys: `bridgectl login --user ID`"
        }
    }

    /// Whether `code` says a blob does not belong to this TPM's storage key:
    /// an integrity or binding failure, or a value out of range in the blob.
    static func isIntegrityFailure(_ code: UInt32) -> Bool {
        // Format-one codes carry a parameter, handle or session number in bits 6–11; the error is the low six bits.
        guard code & 0x80 != 0 else { return false }
        switch code & 0x3F {
        // TPM_RC_VALUE, _SIZE, _INSUFFICIENT, _KEY, _INTEGRITY, _BINDING.
        case 0x04, 0x15, 0x1A, 0x1C, 0x1F, 0x25: return true
        default: return false
        }
    }
}
#endif

#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where TPM 2.0 commands go, chosen the TSS way (`TSS2_TCTI`, then
/// `TPM2TOOLS_TCTI`): `device:/dev/tpmrm0` by default, the kernel's resource
/// manager, or `swtpm:host=…,port=…`, a software TPM's command socket (the
/// tests'). The bytes are the TPM's own command and response buffers either
/// way; the release `bridgectl` is a static executable and cannot load the
/// TSS's transport libraries, so it speaks them itself.
package enum TPMTransport: Equatable, Sendable {
    case device(path: String)
    case socket(host: String, port: UInt16)

    /// The kernel's resource manager, which flushes what a process left loaded.
    package static let defaultDevice = TPMTransport.device(path: "/dev/tpmrm0")

    /// The transport `variable` names, or the default device.
    /// - Throws: `TPMError.unknownTransport` for a value it cannot read.
    package static func chosen(_ variable: (String) -> String?) throws -> TPMTransport {
        guard let value = variable("TSS2_TCTI") ?? variable("TPM2TOOLS_TCTI"), !value.isEmpty else { return defaultDevice }
        let (kind, configuration) = value.firstIndex(of: ":").map { (value[..<$0], value[value.index(after: $0)...]) } ?? (value[...], "")
        switch kind {
        case "device":
            return .device(path: configuration.isEmpty ? "/dev/tpmrm0" : String(configuration))
        case "swtpm":
            var host = "127.0.0.1", port: UInt16 = 2321
            for pair in configuration.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw TPMError.unknownTransport(value) }
                switch parts[0] {
                case "host": host = parts[1]
                case "port": guard let number = UInt16(parts[1]) else { throw TPMError.unknownTransport(value) }; port = number
                default: throw TPMError.unknownTransport(value)
                }
            }
            return .socket(host: host, port: port)
        default:
            throw TPMError.unknownTransport(value)
        }
    }

    /// Opens the device or connects to the socket, for one operation's commands.
    /// - Throws: `TPMError.unreachable` when the TPM cannot be reached.
    func connect() throws -> TPMConnection {
        TPMConnection(descriptor: try open(), transport: self)
    }

    /// How long a socket's TPM may take to accept a command or answer it; a
    /// device's waits are the kernel driver's (the TCG's command durations).
    package static let socketTimeout = 5

    /// A TPM's largest command or response buffer (`TPM_PT_MAX_RESPONSE_SIZE` is 4,096 or less).
    static let largestResponse = 4096

    var place: String {
        switch self {
        case let .device(path): path
        case let .socket(host, port): "\(host):\(port)"
        }
    }

    private func open() throws -> Int32 {
        switch self {
        case let .device(path):
            let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { throw TPMError.unreachable(place: path, errno: errno) }
            return descriptor
        case let .socket(host, port):
            let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw TPMError.unreachable(place: place, errno: errno) }
            // A software TPM that stopped (SIGSTOP, a hung host) fails the command, never hangs the reader.
            var timeout = timeval(tv_sec: Self.socketTimeout, tv_usec: 0)
            for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
                setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
                close(descriptor)
                throw TPMError.unknownTransport("swtpm:host=\(host)")
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                let error = errno == EINPROGRESS ? ETIMEDOUT : errno
                close(descriptor)
                throw TPMError.unreachable(place: place, errno: error)
            }
            return descriptor
        }
    }

    /// `ETIMEDOUT` for a socket timeout's `EAGAIN`, else `error`.
    static func timedOut(_ error: Int32) -> Int32 {
        error == EAGAIN || error == EWOULDBLOCK ? ETIMEDOUT : error
    }
}

/// An open device or socket to the TPM, closed when this goes: the objects
/// loaded through `/dev/tpmrm0` live as long as it does.
final class TPMConnection {
    private let descriptor: Int32
    private let transport: TPMTransport

    init(descriptor: Int32, transport: TPMTransport) {
        self.descriptor = descriptor
        self.transport = transport
    }

    deinit { close(descriptor) }

    /// Sends one command and returns the TPM's whole response.
    /// - Throws: `TPMError.unreachable` when the TPM stops answering.
    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        try writeAll(command)
        if case .device = transport {
            // The kernel hands the whole response to one read.
            var response = [UInt8](repeating: 0, count: TPMTransport.largestResponse)
            let count = response.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 10 else { throw TPMError.unreachable(place: transport.place, errno: count < 0 ? errno : EIO) }
            return Array(response[..<count])
        }
        var response = try read(count: 10)
        let size = Int(response[2]) << 24 | Int(response[3]) << 16 | Int(response[4]) << 8 | Int(response[5])
        guard size >= 10, size <= TPMTransport.largestResponse else { throw TPMError.malformedResponse }
        response += try read(count: size - 10)
        return response
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw TPMError.unreachable(place: transport.place, errno: TPMTransport.timedOut(errno)) }
            written += count
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes[filled...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw TPMError.unreachable(place: transport.place, errno: got == 0 ? ECONNRESET : TPMTransport.timedOut(errno))
            }
            filled += got
        }
        return bytes
    }
}
#endif

#if os(Linux)
@testable import SecureBridgeDesktop

/// Target `dbus-message`: the input is what another process sends on a bus
/// (a reply, an error, a signal), as `DBusConnection` hands it to the
/// decoder: the length of the message that starts it, the message, then its
/// body read as the Secret Service client and the desktop-lock watch read
/// bodies. What parses must write out and parse back to the same message;
/// the body's values are walked by its own signature.
public enum DBusMessageFuzzer {
    public static func run(_ bytes: [UInt8]) {
        if let length = FuzzCheck.attempt({ try DBusMessage.length(ofMessageStarting: bytes[...]) }), let length {
            FuzzCheck.expect(length >= 16 && length <= DBusMessage.maximumLength, "a message length of \(length)")
        }
        guard let message = FuzzCheck.attempt({ try DBusMessage(bytes: bytes) }) else {
            readBody(bytes, signature: "a{sv}")
            return
        }
        FuzzCheck.expect(message.body.count <= bytes.count, "a body longer than the message")
        // The writer takes a signature of at most 255 bytes; a repaired
        // (U+FFFD) one may be longer and is not ours to write.
        if message.signature.utf8.count <= 255 {
            let written = message.bytes
            let reread = FuzzCheck.attempt { try DBusMessage(bytes: written) }
            FuzzCheck.expect(reread == message, "a parsed message reads back as another one")
            FuzzCheck.expect(
                FuzzCheck.attempt({ try DBusMessage.length(ofMessageStarting: written[...]) }) == written.count,
                "a written message's length is not its byte count")
        }
        readBody(message.body, signature: message.signature)
    }

    /// Reads `body` every way a caller does; each refusal must be printable.
    static func readBody(_ body: [UInt8], signature: String) {
        var walker = DBusReader(body)
        var types = Substring(signature)
        _ = FuzzCheck.attempt {
            while !types.isEmpty { try walker.skip(&types) }
        }
        var properties = DBusReader(body)
        _ = FuzzCheck.attempt { _ = try properties.string(); return try properties.booleanProperties() }
        var variant = DBusReader(body)
        _ = FuzzCheck.attempt { try variant.variantBoolean() }
        var paths = DBusReader(body)
        _ = FuzzCheck.attempt { (try paths.objectPaths(), try paths.objectPaths()) }
        var secret = DBusReader(body)
        _ = FuzzCheck.attempt {
            // A Secret Service secret, `(oayays)`, as `SecretService.secret(ofItem:limit:)` reads it.
            secret.align(8)
            _ = try secret.string()
            _ = try secret.byteArray(limit: 1024)
            let value = try secret.byteArrayRange(limit: 4096)
            FuzzCheck.expect(value.upperBound <= body.count && value.count <= 4096, "a secret's range outside the body or its limit")
        }
    }

    /// A reply, an error, a signal and a call, as the buses send them.
    public static func seeds() throws -> [String: [UInt8]] {
        var locked = DBusWriter()
        locked.string("org.freedesktop.login1.Session")
        locked.array(elementAlignment: 8) { properties in
            properties.align(8)
            properties.string("Active")
            properties.variant(boolean: true)
            properties.align(8)
            properties.string("LockedHint")
            properties.variant(boolean: true)
        }
        locked.objectPaths([])
        var signal = DBusMessage.call(
            "PropertiesChanged", on: "org.freedesktop.DBus.Properties", at: "/org/freedesktop/login1/session/_32",
            of: "org.freedesktop.login1", serial: 9, arguments: locked, signature: "sa{sv}as")
        signal.kind = .signal
        signal.destination = nil

        var secretBody = DBusWriter()
        secretBody.align(8)
        secretBody.string("/org/freedesktop/secrets/session/s1")
        secretBody.byteArray([])
        secretBody.byteArray(Array("SBKS secret bytes".utf8))
        secretBody.string("application/octet-stream")
        var secret = DBusMessage(kind: .methodReturn, serial: 4, replySerial: 3, signature: "(oayays)", body: secretBody.bytes)
        secret.destination = ":1.42"

        var paths = DBusWriter()
        paths.objectPaths(["/org/freedesktop/secrets/collection/login/1"])
        paths.objectPaths([])
        let search = DBusMessage(kind: .methodReturn, serial: 5, replySerial: 4, signature: "aoao", body: paths.bytes)

        var variant = DBusWriter()
        variant.variant(boolean: false)
        let get = DBusMessage(kind: .methodReturn, serial: 6, replySerial: 5, signature: "v", body: variant.bytes)

        var errorName = DBusWriter()
        errorName.string("The name is not activatable")
        var error = DBusMessage(kind: .error, serial: 7, replySerial: 6, signature: "s", body: errorName.bytes)
        error.errorName = "org.freedesktop.DBus.Error.ServiceUnknown"

        var arguments = DBusWriter()
        arguments.string("org.freedesktop.login1.Session")
        arguments.string("LockedHint")
        let call = DBusMessage.call(
            "Get", on: "org.freedesktop.DBus.Properties", at: "/org/freedesktop/login1/session/_32",
            of: "org.freedesktop.login1", serial: 2, arguments: arguments, signature: "ss")

        return [
            "signal-locked-hint": signal.bytes, "reply-secret": secret.bytes, "reply-search": search.bytes,
            "reply-variant": get.bytes, "error-service-unknown": error.bytes, "call-get": call.bytes,
            "truncated": Array(call.bytes.prefix(20)),
        ]
    }
}
#endif

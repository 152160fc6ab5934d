public import SystemPackage
// The operating system's platform module, a sibling per system (docs/PORTING.md).
#if canImport(SecureBridgeLinux)
public import SecureBridgeLinux
#endif

/// Where the three storage places live.
///
/// By default all three are directories named after the place under one home
/// (`<home>/app`, `<home>/keychain`, `<home>/container`); each can be moved on its own.
/// They are on the file system of `platform`, the operating system's unless
/// told otherwise (`SimulatedPlatform` of `SecureBridgeTesting` for a home in memory).
public struct BridgeHome: Sendable, Equatable {
    /// The app's private directory (signing key, passcode verifier, publisher counters).
    public var app: FilePath
    /// The directory shared by app and widget for keys (data keyset, pinned public key, high-water marks).
    public var keychain: FilePath
    /// The untrusted shared container (onboarding, auth status, snapshots, reload token).
    public var container: FilePath
    /// The platform the places are on: every file operation on them goes
    /// through it. Two homes are equal when their places are and their
    /// platform is the same instance.
    public var platform: any BridgePlatform

    /// The three places under one home directory.
    /// - Parameters:
    ///   - root: The home directory.
    ///   - platform: The platform it is on; the operating system's by default.
    public init(root: FilePath, platform: any BridgePlatform = .system) {
        self.init(
            app: root.appending(StoragePlace.app.rawValue),
            keychain: root.appending(StoragePlace.keychain.rawValue),
            container: root.appending(StoragePlace.container.rawValue),
            platform: platform
        )
    }

    /// Three explicitly chosen directories.
    /// - Parameters:
    ///   - app: The app's private directory.
    ///   - keychain: The keychain's directory.
    ///   - container: The shared container.
    ///   - platform: The platform they are on; the operating system's by default.
    public init(app: FilePath, keychain: FilePath, container: FilePath, platform: any BridgePlatform = .system) {
        self.app = app
        self.keychain = keychain
        self.container = container
        self.platform = platform
    }

    public static func == (lhs: BridgeHome, rhs: BridgeHome) -> Bool {
        lhs.app == rhs.app && lhs.keychain == rhs.keychain && lhs.container == rhs.container
            && lhs.platform === rhs.platform
    }

    /// The one home directory the three places are named under
    /// (`<root>/app`, `<root>/keychain`, `<root>/container`), or `nil` when
    /// a place was moved elsewhere.
    public var root: FilePath? {
        let root = app.removingLastComponent()
        return self == BridgeHome(root: root, platform: platform) ? root : nil
    }

    /// Whether anything is at the home directory (`root`) or, when a place was
    /// moved, at the app place's parent: `false` most likely means a mistyped path.
    public var exists: Bool {
        (try? platform.linkStatus(atPath: (root ?? app.removingLastComponent()).string)) != nil
    }

    /// Where the places are, for people: the home directory, or each place's path.
    public var location: String {
        root.map(\.string) ?? "app \(app.string), keychain \(keychain.string), container \(container.string)"
    }

    /// The directory of `place`.
    public func path(for place: StoragePlace) -> FilePath {
        switch place {
        case .app: return app
        case .keychain: return keychain
        case .container: return container
        }
    }

    /// Resolves the three directories from options and the environment, without
    /// touching the file system.
    ///
    /// The home is `home`, else `$BRIDGE_HOME`, else `$XDG_DATA_HOME/securebridge`
    /// (ignored unless absolute, as the XDG spec says), else
    /// `$HOME/.local/share/securebridge`. `app`, `keychain` and `container`, when
    /// given, replace that place's default. Empty strings count as absent.
    /// - Parameters:
    ///   - home: The `--home` option.
    ///   - app: An override for the app directory.
    ///   - keychain: An override for the keychain directory.
    ///   - container: An override for the container directory.
    ///   - environment: The process environment (`ProcessInfo.processInfo.environment`).
    /// - Returns: The resolved places.
    /// - Throws: `StorageError.homeUnknown` when a place needs the home and none can be found.
    public static func resolve(
        home: String?,
        app: String?,
        keychain: String?,
        container: String?,
        environment: [String: String]
    ) throws -> BridgeHome {
        try resolve(home: home, app: app, keychain: keychain, container: container, variable: { environment[$0] })
    }

    /// `resolve(home:app:keychain:container:environment:)` with the environment
    /// read one variable at a time: `bridgectl` passes `getenv`, so a widget
    /// refresh does not copy the whole environment into a dictionary.
    /// - Parameter variable: The value of an environment variable, or `nil` when it is not set.
    package static func resolve(
        home: String?,
        app: String?,
        keychain: String?,
        container: String?,
        variable: (String) -> String?
    ) throws -> BridgeHome {
        func place(_ override: String?, _ place: StoragePlace) throws -> FilePath {
            if let override = nonEmpty(override) { return FilePath(override) }
            guard let root = defaultRoot(home: home, variable: variable) else {
                throw StorageError(.homeUnknown)
            }
            return root.appending(place.rawValue)
        }
        return BridgeHome(
            app: try place(app, .app),
            keychain: try place(keychain, .keychain),
            container: try place(container, .container)
        )
    }

    /// The home directory the places default to, or `nil` when neither the
    /// option nor the environment names one. See `resolve`.
    public static func defaultRoot(home: String?, environment: [String: String]) -> FilePath? {
        defaultRoot(home: home, variable: { environment[$0] })
    }

    /// `defaultRoot(home:environment:)` with the environment read one variable at a time.
    static func defaultRoot(home: String?, variable: (String) -> String?) -> FilePath? {
        if let home = nonEmpty(home) { return FilePath(home) }
        if let home = nonEmpty(variable("BRIDGE_HOME")) { return FilePath(home) }
        if let data = nonEmpty(variable("XDG_DATA_HOME")), data.hasPrefix("/") {
            return FilePath(data).appending("securebridge")
        }
        if let user = nonEmpty(variable("HOME")) {
            return FilePath(user).appending(".local/share/securebridge")
        }
        return nil
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}

// MARK: - Separate places

extension BridgeHome {
    /// Refuses places that are the same directory or nested, either way
    /// round, in any pair: a keychain inside the container would be the
    /// attacker's to write, and a place inside another is locked twice.
    ///
    /// The paths are compared twice: as written (made absolute, `.` and `..`
    /// removed lexically) and resolved on the file system as far as they
    /// exist, so neither a `..` nor a symbolic link can hide an overlap.
    /// Nothing is created or locked.
    /// - Throws: `StorageError.overlappingPlaces` naming the two places;
    ///   `StorageError.io` when a path cannot be resolved.
    public func checkSeparate() throws {
        try checkSeparate(resolved: [])
    }

    /// The directories of `places`, in order, once the way to each is
    /// checked, as every command and every widget read checks it before it
    /// opens a place: walked once (a place beside the first shares the
    /// first's walk), no ancestor another user could swap
    /// (`SecureDirectory.checkAncestors`), and no place overlapping another
    /// (`checkSeparate`). A list, as `checkSeparate(resolved:)` takes.
    package func checkedDirectories(_ places: [StoragePlace]) throws -> [SecureDirectory] {
        let directories = places.map { SecureDirectory(path: path(for: $0), place: $0, platform: platform) }
        guard let first = directories.first else { return [] }
        let firstWay = try first.checkAncestors()
        var resolved = [(place: first.place, components: firstWay)]
        for directory in directories.dropFirst() {
            resolved.append((directory.place, try directory.checkAncestors(besides: first, whoseWayIs: firstWay)))
        }
        try checkSeparate(resolved: resolved)
        return directories
    }

    /// One place alone, for a command or a look that needs no other (status,
    /// doctor, inspect): its ancestors checked (`SecureDirectory.checkAncestors`),
    /// then held open (`SecureDirectory.heldOpen(creatingIfMissing:)`).
    /// - Returns: The held directory, or `nil` when it does not exist (and was not to be made).
    /// - Throws: `StorageError` when the way to it or the directory is not safe to use.
    package func open(_ place: StoragePlace, creatingIfMissing: Bool = false) throws -> SecureDirectory? {
        let directory = SecureDirectory(path: path(for: place), place: place, platform: platform)
        try directory.checkAncestors()
        return try directory.heldOpen(creatingIfMissing: creatingIfMissing)
    }

    /// `checkSeparate()`, reusing the resolved paths in `known`: places whose
    /// way the caller already walked (`SecureDirectory.checkAncestors`).
    func checkSeparate(resolved known: [(place: StoragePlace, components: [String])]) throws {
        let places = StoragePlace.allCases
        let lexical = places.map { PathWalk.lexicalComponents(of: path(for: $0), on: platform) }
        let resolved = try places.map { place in
            try known.first { $0.place == place }?.components
                ?? PathWalk.components(of: path(for: place), on: platform, visiting: .everything)
        }
        for spelling in [lexical, resolved] {
            for first in places.indices {
                for second in places.indices where second > first {
                    try Self.checkApart((places[first], spelling[first]), (places[second], spelling[second]))
                }
            }
        }
    }

    /// Refuses two places when one path (as components) equals or lies inside the other.
    private static func checkApart(_ one: (StoragePlace, [String]), _ other: (StoragePlace, [String])) throws {
        if one.1 == other.1 {
            throw StorageError(.overlappingPlaces(
                inner: other.0, innerPath: PathWalk.absolutePath(other.1), outer: one.0,
                outerPath: PathWalk.absolutePath(one.1), nested: false))
        }
        for (inner, outer) in [(other, one), (one, other)] where inner.1.starts(with: outer.1) {
            throw StorageError(.overlappingPlaces(
                inner: inner.0, innerPath: PathWalk.absolutePath(inner.1), outer: outer.0,
                outerPath: PathWalk.absolutePath(outer.1), nested: true))
        }
    }
}

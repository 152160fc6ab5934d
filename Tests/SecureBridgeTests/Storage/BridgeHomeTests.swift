import SystemPackage
import Testing
import SecureBridge
@testable import SecureBridgeFormats
@testable import SecureBridgeWidget
@testable import SecureBridgeApp

@Suite struct BridgeHomeTests {
    let environment = [
        "BRIDGE_HOME": "/env/bridge",
        "XDG_DATA_HOME": "/env/xdg",
        "HOME": "/env/user",
    ]

    @Test func explicitHomeWinsOverTheEnvironment() throws {
        let home = try BridgeHome.resolve(home: "/opt/h", app: nil, keychain: nil, container: nil, environment: environment)
        #expect(home == BridgeHome(root: "/opt/h"))
        #expect(home.app == "/opt/h/app")
        #expect(home.keychain == "/opt/h/keychain")
        #expect(home.container == "/opt/h/container")
    }

    @Test func bridgeHomeVariableWinsOverXDGAndHome() throws {
        let home = try BridgeHome.resolve(home: nil, app: nil, keychain: nil, container: nil, environment: environment)
        #expect(home == BridgeHome(root: "/env/bridge"))
    }

    @Test func xdgDataHomeIsUsedWithoutBridgeHome() throws {
        var environment = environment
        environment["BRIDGE_HOME"] = nil
        let home = try BridgeHome.resolve(home: nil, app: nil, keychain: nil, container: nil, environment: environment)
        #expect(home == BridgeHome(root: "/env/xdg/securebridge"))
    }

    @Test func homeDirectoryIsTheLastResort() throws {
        let environment = ["HOME": "/env/user", "XDG_DATA_HOME": "relative/ignored", "BRIDGE_HOME": ""]
        let home = try BridgeHome.resolve(home: "", app: nil, keychain: nil, container: nil, environment: environment)
        #expect(home == BridgeHome(root: "/env/user/.local/share/securebridge"))
    }

    @Test func eachPlaceCanBeOverriddenOnItsOwn() throws {
        let home = try BridgeHome.resolve(
            home: nil, app: nil, keychain: "/k", container: "/c", environment: environment)
        #expect(home.app == "/env/bridge/app")
        #expect(home.keychain == "/k")
        #expect(home.container == "/c")
        #expect(home.path(for: .keychain) == "/k")
    }

    @Test func noHomeAnywhereIsAnErrorUnlessEveryPlaceIsGiven() throws {
        #expect(throws: StorageError(.homeUnknown)) {
            try BridgeHome.resolve(home: nil, app: "/a", keychain: "/k", container: nil, environment: [:])
        }
        let home = try BridgeHome.resolve(home: nil, app: "/a", keychain: "/k", container: "/c", environment: [:])
        #expect(home == BridgeHome(app: "/a", keychain: "/k", container: "/c"))
    }
}

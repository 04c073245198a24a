// swift-tools-version: 6.0
// The Koober login stack: small, separately linkable modules (service, logic and view
// layers), an example host and its reference backend. No package dependencies: system
// libraries come in through `.systemLibrary` targets.
import PackageDescription

let package = Package(
  name: "Koober",
  defaultLocalization: "en",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "WireFormat", targets: ["WireFormat"]),
    .library(name: "WebAuthn", targets: ["WebAuthn"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "UserModel", targets: ["UserModel"]),
    .library(name: "NetworkClient", targets: ["NetworkClient"]),
    .library(name: "DatabaseClient", targets: ["DatabaseClient"]),
    .library(name: "LoginCore", targets: ["LoginCore"]),
    .library(name: "ServiceUser", targets: ["ServiceUser"]),
    .library(name: "ServiceUserOIDC", targets: ["ServiceUserOIDC"]),
    .library(name: "ServiceUserLogin", targets: ["ServiceUserLogin"]),
    .library(name: "KooberWire", targets: ["KooberWire"]),
    .library(name: "ServiceUserKoober", targets: ["ServiceUserKoober"]),
    .library(name: "LoginTesting", targets: ["LoginTesting"]),
    .library(name: "SoftwarePasskeys", targets: ["SoftwarePasskeys"]),
    .library(name: "LoginLogicControl", targets: ["LoginLogicControl"]),
    .library(name: "LoginViewModel", targets: ["LoginViewModel"]),
    // The signed-in state as an @Observable model for SwiftUI (iOS 17 / macOS 14 and later).
    .library(name: "LoginObservation", targets: ["LoginObservation"]),
    // The common case in one import; the products above stay for apps that link less.
    .library(name: "LoginStack", targets: ["LoginStack"]),
    .library(name: "RideModel", targets: ["RideModel"]),
    .library(name: "ServiceRide", targets: ["ServiceRide"]),
    .library(name: "RideLogicControl", targets: ["RideLogicControl"]),
    .library(name: "RideViewModel", targets: ["RideViewModel"]),
    .library(name: "LoopbackServer", targets: ["LoopbackServer"]),
    .library(name: "KooberBackend", targets: ["KooberBackend"]),
    .executable(name: "koober", targets: ["Koober"]),
    .executable(name: "bench", targets: ["Bench"]),
  ],
  targets: [
    // MARK: - Infrastructure

    // The wire format, said once: dates, JSON values, HTTP methods, the lock, private files.
    // Foundation only.
    .target(name: "WireFormat", path: "Modules/WireFormat"),
    // WebAuthn's client side, written once: CBOR, COSE keys, client data, authenticator data,
    // attestation objects and the W3C JSON forms. No network, database or crypto library.
    .target(name: "WebAuthn", dependencies: ["WireFormat"], path: "Modules/WebAuthn"),
    .systemLibrary(
      name: "CSQLite",
      path: "Modules/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "DatabaseClient",
      dependencies: [
        "WireFormat",
        .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Modules/DatabaseClient"
    ),
    // libcurl, for NetworkClient's transport on Linux: FoundationNetworking reads (and
    // inflates) answers ahead of any delegate, so a size limit can only be kept below it.
    .systemLibrary(
      name: "CCurl",
      path: "Modules/CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // The system libcrypto (OpenSSL) on Linux: the reference backend's PBKDF2, CSPRNG and
    // WebAuthn signature checks, and any module that needs the same primitives off Apple.
    .systemLibrary(
      name: "CLibCrypto",
      path: "Modules/CLibCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    // accept4 with SOCK_CLOEXEC for the loopback listeners (Glibc's module lacks it).
    .systemLibrary(name: "CSocket", path: "Modules/CSocket"),
    .target(
      name: "NetworkClient",
      dependencies: [
        "WireFormat", "Localization",
        .target(name: "CCurl", condition: .when(platforms: [.linux])),
      ],
      path: "Modules/NetworkClient", resources: [.process("Resources")]),

    // MARK: - Models

    // Every module's sentences in English and Simplified Chinese, from its own tables.
    .target(name: "Localization", dependencies: ["WireFormat"], path: "Modules/Localization"),
    .target(
      name: "UserModel", dependencies: ["WireFormat", "Localization"], path: "Modules/UserModel",
      resources: [.process("Resources")]),
    .target(
      name: "RideModel", dependencies: ["WireFormat", "Localization"], path: "Modules/RideModel",
      resources: [.process("Resources")]),
    // The seam between the services and a server: AuthRemoteAPI and its values.
    .target(
      name: "LoginCore", dependencies: ["UserModel", "Localization", "WireFormat", "WebAuthn"],
      path: "Modules/LoginCore", resources: [.process("Resources")]),

    // MARK: - Services

    .target(
      name: "ServiceUser",
      dependencies: [
        "LoginCore", "UserModel", "NetworkClient", "DatabaseClient", "WireFormat", "Localization",
      ],
      path: "Modules/ServiceUser",
      resources: [.process("Resources")]
    ),
    // The HTTP contract's JSON shapes, error envelope and token codes, said once, for the Koober
    // adapter, the ride service and the reference backend.
    .target(
      name: "KooberWire",
      dependencies: ["UserModel", "WireFormat", "NetworkClient", "Localization"],
      path: "Modules/KooberWire", resources: [.process("Resources")]),
    // The adapter of the HTTP contract's REST contract: koober's default AuthRemoteAPI.
    .target(
      name: "ServiceUserKoober",
      dependencies: ["LoginCore", "UserModel", "NetworkClient", "WireFormat", "KooberWire",
        "Localization", "WebAuthn",
      ],
      path: "Modules/ServiceUserKoober"
    ),
    .target(
      name: "ServiceUserLogin",
      dependencies: ["ServiceUser", "LoginCore", "UserModel"],
      path: "Modules/ServiceUserLogin"
    ),
    // AuthRemoteAPI for any OAuth 2.0 / OpenID Connect provider.
    .target(
      name: "ServiceUserOIDC",
      dependencies: [
        "LoginCore", "UserModel", "NetworkClient", "Localization", "WireFormat",
        .target(name: "CSocket", condition: .when(platforms: [.linux])),
      ],
      path: "Modules/ServiceUserOIDC",
      resources: [.process("Resources")]
    ),
    .target(
      name: "ServiceRide",
      dependencies: [
        "RideModel", "UserModel", "NetworkClient", "DatabaseClient", "ServiceUser", "WireFormat",
        "Localization", "KooberWire",
      ],
      path: "Modules/ServiceRide",
      resources: [.process("Resources")]
    ),

    // A passkey authenticator in software: ES256 keys in a private folder (or in memory), made
    // and used through libcrypto on Linux and CryptoKit on Apple platforms.
    .target(
      name: "SoftwarePasskeys",
      dependencies: [
        "WebAuthn", "LoginCore", "WireFormat",
        .target(name: "CLibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Modules/SoftwarePasskeys"
    ),
    // Fakes an app links into its own tests: an in-memory server, session store and clock.
    // Never ServiceUser, DatabaseClient or NetworkClient: logic tests link no SQLite, no curl.
    .target(
      name: "LoginTesting",
      dependencies: ["LoginCore", "UserModel", "WireFormat", "WebAuthn"],
      path: "Modules/LoginTesting"
    ),

    // MARK: - Features: logic controls and view models

    .target(
      name: "LoginLogicControl",
      dependencies: ["LoginCore", "UserModel", "Localization", "WireFormat", "WebAuthn"],
      path: "Modules/LoginLogicControl",
      resources: [.process("Resources")]
    ),
    .target(
      name: "LoginViewModel", dependencies: ["UserModel", "Localization", "WireFormat"],
      path: "Modules/LoginViewModel", resources: [.process("Resources")]),
    // The session as an @Observable model, fed by LoginServicing's change stream. Observation
    // needs iOS 17 / macOS 14: the type is marked so, and the package's floor stays.
    .target(
      name: "LoginObservation", dependencies: ["LoginCore", "UserModel"],
      path: "Modules/LoginObservation"),
    // One import for the common case: re-exports the service, its login extension, the seam,
    // the user values, the logic controls, the view models and the API client.
    .target(
      name: "LoginStack",
      dependencies: [
        "ServiceUser", "ServiceUserLogin", "LoginCore", "UserModel", "LoginLogicControl",
        "LoginViewModel", "NetworkClient", "DatabaseClient",
      ],
      path: "Modules/LoginStack"),
    .target(
      name: "RideLogicControl",
      dependencies: ["ServiceRide", "RideModel", "UserModel", "Localization"],
      path: "Modules/RideLogicControl",
      resources: [.process("Resources")]
    ),
    .target(
      name: "RideViewModel", dependencies: ["RideModel", "Localization", "WireFormat"],
      path: "Modules/RideViewModel", resources: [.process("Resources")]),

    // MARK: - Examples

    .target(
      name: "LoopbackServer",
      dependencies: [
        "WireFormat", .target(name: "CSocket", condition: .when(platforms: [.linux])),
      ],
      path: "Examples/LoopbackServer"),
    .target(
      name: "KooberBackend",
      dependencies: [
        "WireFormat", "LoopbackServer", "DatabaseClient", "UserModel", "RideModel", "KooberWire",
        "WebAuthn",
        .target(name: "CLibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Examples/KooberBackend"
    ),
    .executableTarget(
      name: "Koober",
      dependencies: [
        "KooberBackend", "UserModel", "NetworkClient", "DatabaseClient",
        "WireFormat", "LoginCore", "ServiceUser", "ServiceUserLogin", "ServiceUserKoober",
        "ServiceUserOIDC", "LoginLogicControl", "LoginViewModel",
        "RideModel", "ServiceRide", "RideLogicControl", "RideViewModel", "Localization",
        "KooberWire", "SoftwarePasskeys",
      ],
      path: "Examples/Koober",
      resources: [.process("Resources")]
    ),

    // MARK: - Benchmarks

    .target(
      name: "CSQLiteBaseline",
      path: "Benchmarks/CSQLiteBaseline",
      linkerSettings: [.linkedLibrary("sqlite3")]
    ),
    .executableTarget(
      name: "Bench",
      dependencies: [
        "DatabaseClient", "CSQLiteBaseline", "NetworkClient", "LoopbackServer", "WireFormat",
      ],
      path: "Benchmarks/Bench"
    ),

    // MARK: - Tests

    .testTarget(
      name: "KooberWireTests",
      dependencies: ["KooberWire", "UserModel", "WireFormat", "Localization", "TestSupport"],
      path: "Tests/KooberWireTests"),
    .testTarget(
      name: "WebAuthnTests", dependencies: ["WebAuthn", "WireFormat"],
      path: "Tests/WebAuthnTests"),
    .testTarget(
      name: "WireFormatTests",
      dependencies: [
        "WireFormat", "UserModel", "RideModel", "NetworkClient", "KooberWire",
      ],
      path: "Tests/WireFormatTests"
    ),
    .target(
      name: "TestSupport", dependencies: ["LoopbackServer", "Localization", "TestRunWidth"],
      path: "Tests/TestSupport"),
    // Sets how many tests run at once before Swift Testing starts (see TestRunWidth.c).
    .target(name: "TestRunWidth", path: "Tests/TestRunWidth"),
    .testTarget(
      name: "DatabaseClientTests",
      dependencies: [
        "DatabaseClient", "TestSupport", "DatabaseCrashChild",
        .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Tests/DatabaseClientTests"
    ),
    // The child process DatabaseClientTests kills with SIGKILL in the middle of a transaction.
    .executableTarget(
      name: "DatabaseCrashChild",
      dependencies: ["DatabaseClient"],
      path: "Tests/DatabaseCrashChild"
    ),
    .testTarget(
      name: "NetworkClientTests",
      dependencies: [
        "NetworkClient", "LoopbackServer", "TestSupport", "Localization", "KooberWire",
      ],
      path: "Tests/NetworkClientTests"
    ),
    .testTarget(
      name: "LoopbackServerTests",
      dependencies: ["LoopbackServer", "TestSupport"],
      path: "Tests/LoopbackServerTests"
    ),
    .testTarget(
      name: "SoftwarePasskeysTests",
      dependencies: [
        "SoftwarePasskeys", "WebAuthn", "LoginCore", "WireFormat", "TestSupport",
        "KooberBackend",
      ],
      path: "Tests/SoftwarePasskeysTests"),
    .testTarget(
      name: "LoginCoreTests",
      dependencies: ["LoginCore", "Localization", "TestSupport", "UserModel", "WebAuthn"],
      path: "Tests/LoginCoreTests"),
    .testTarget(
      name: "UserModelTests",
      dependencies: ["UserModel", "Localization", "TestSupport", "WireFormat"],
      path: "Tests/UserModelTests"),
    // Fakes, fixtures and the live backend harness of the two service test targets below.
    .target(
      name: "ServiceUserTestSupport",
      dependencies: [
        "ServiceUser", "ServiceUserKoober", "NetworkClient", "UserModel", "KooberBackend",
        "KooberWire", "TestSupport", "WireFormat", "LoginCore",
      ],
      path: "Tests/ServiceUserTestSupport"
    ),
    .testTarget(
      name: "ServiceUserTests",
      dependencies: [
        "ServiceUser", "ServiceUserLogin", "ServiceUserKoober", "LoginCore", "LoginTesting",
        "KooberBackend", "TestSupport", "ServiceUserTestSupport", "Localization",
        "SessionCrashChild",
      ],
      path: "Tests/ServiceUserTests"
    ),
    // The child process ServiceUserTests kills with SIGKILL while it saves sessions.
    .executableTarget(
      name: "SessionCrashChild",
      dependencies: [
        "ServiceUser", "ServiceUserKoober", "LoginCore", "NetworkClient", "UserModel",
      ],
      path: "Tests/SessionCrashChild"
    ),
    .testTarget(
      name: "ServiceUserLoginTests",
      dependencies: [
        "ServiceUserLogin", "ServiceUser", "ServiceUserKoober", "LoginCore", "NetworkClient",
        "UserModel", "LoopbackServer", "TestSupport", "ServiceUserTestSupport", "WireFormat",
        "LoginLogicControl", "LoginViewModel", "LoginTesting", "Localization", "WebAuthn",
        "SoftwarePasskeys",
      ],
      path: "Tests/ServiceUserLoginTests"
    ),
    // Starts and shares django-oauth-toolkit (Tests/OIDCProvider/serve.py) for any test target.
    .target(
      name: "OIDCProviderHarness",
      dependencies: ["TestSupport"],
      path: "Tests/OIDCProvider/Harness"
    ),
    // Against django-oauth-toolkit (Tests/OIDCProvider) and LoopbackServer fakes.
    .testTarget(
      name: "ServiceUserOIDCTests",
      dependencies: [
        "ServiceUserOIDC", "LoginCore", "UserModel", "NetworkClient", "LoopbackServer",
        "ServiceUser", "ServiceUserLogin", "ServiceUserTestSupport", "WireFormat",
        "TestSupport", "OIDCProviderHarness", "Localization",
      ],
      path: "Tests/ServiceUserOIDCTests"
    ),
    // ServiceUser and ServiceUserLogin over the OIDC adapter, against django-oauth-toolkit.
    .testTarget(
      name: "OIDCSessionTests",
      dependencies: [
        "ServiceUser", "ServiceUserLogin", "ServiceUserOIDC", "LoginCore", "LoginTesting",
        "NetworkClient", "UserModel", "TestSupport", "OIDCProviderHarness",
      ],
      path: "Tests/OIDCSessionTests"
    ),
    .testTarget(
      name: "KooberBackendTests",
      dependencies: [
        "KooberBackend", "LoopbackServer", "RideModel", "TestSupport", "WireFormat", "KooberWire",
        "WebAuthn", "OIDCProviderHarness",
        .target(name: "CLibCrypto", condition: .when(platforms: [.linux, .android, .windows])),
      ],
      path: "Tests/KooberBackendTests"
    ),
    .testTarget(
      name: "LoginLogicControlTests",
      dependencies: [
        "LoginLogicControl", "LoginCore", "LoginViewModel", "LoginTesting", "TestSupport",
        "Localization", "SoftwarePasskeys",
      ],
      path: "Tests/LoginLogicControlTests"
    ),
    // The observable model over a real ServiceUser and LoginTesting's in-memory server.
    .testTarget(
      name: "LoginObservationTests",
      dependencies: [
        "LoginObservation", "ServiceUser", "ServiceUserLogin", "LoginCore", "LoginTesting",
        "NetworkClient", "UserModel", "TestSupport", "WireFormat",
      ],
      path: "Tests/LoginObservationTests"
    ),
    .testTarget(
      name: "LoginViewModelTests",
      dependencies: ["LoginViewModel", "UserModel", "Localization", "TestSupport"],
      path: "Tests/LoginViewModelTests"
    ),
    .testTarget(
      name: "RideModelTests",
      dependencies: ["RideModel", "Localization", "TestSupport", "WireFormat", "KooberWire"],
      path: "Tests/RideModelTests"),
    .testTarget(
      name: "ServiceRideTests",
      dependencies: [
        "ServiceRide", "ServiceUser", "ServiceUserLogin", "ServiceUserKoober", "NetworkClient",
        "RideModel", "UserModel", "DatabaseClient", "KooberBackend", "LoopbackServer",
        "TestSupport", "Localization",
      ],
      path: "Tests/ServiceRideTests"
    ),
    .testTarget(
      name: "RideLogicControlTests",
      dependencies: [
        "RideLogicControl", "ServiceRide", "RideModel", "TestSupport", "Localization",
      ],
      path: "Tests/RideLogicControlTests"
    ),
    .testTarget(
      name: "RideViewModelTests",
      dependencies: ["RideViewModel", "RideModel", "Localization", "TestSupport"],
      path: "Tests/RideViewModelTests"
    ),
    // Builds Tests/ConsumerPackage, an app's package outside this one, and runs it.
    // Also type-checks the entry-point types' doc examples against the modules built here
    // (which it depends on so that they are built first).
    .testTarget(
      name: "ConsumerPackageTests",
      dependencies: [
        "LoopbackServer", "TestSupport", "LoginStack", "LoginTesting", "ServiceUserKoober",
        "ServiceUserOIDC", "LoginObservation",
      ],
      path: "Tests/ConsumerPackageTests"
    ),
    .testTarget(
      name: "KooberTests",
      dependencies: [
        "Koober", "KooberBackend", "LoopbackServer", "TestSupport", "OIDCProviderHarness",
        "DatabaseClient",
      ],
      path: "Tests/KooberTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode with strict concurrency.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "openmarket",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "openmarket", targets: ["openmarket"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // C libraries, each behind a small module of its own.
        .systemLibrary(
            name: "CNCursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CCursesShim", dependencies: ["CNCursesw"]),
        .systemLibrary(
            name: "CTurboJPEG",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            providers: [.apt(["libpng-dev"])]
        ),

        // Picture decoding, encoding and scaling, shared by the server and the client.
        .target(name: "ImageCodec", dependencies: ["CTurboJPEG", "CPNG"], swiftSettings: strict),

        // The Open Market API server.
        .target(
            name: "MarketServer",
            dependencies: [
                "ImageCodec",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),

        // The executable: argument parsing and wiring.
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "MarketServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // Fixtures and test doubles shared by the tests.
        .target(
            name: "Mocks",
            dependencies: ["ImageCodec"],
            path: "Mocks",
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),

        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "Mocks"], swiftSettings: strict),
        .testTarget(
            name: "MarketServerTests",
            dependencies: [
                "MarketServer", "Mocks", "ImageCodec",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["openmarket", "Mocks"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

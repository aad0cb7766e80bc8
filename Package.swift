// swift-tools-version:6.2
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode with strict concurrency.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// Our own C code under UndefinedBehaviorSanitizer when `make sanitize` asks (Swift itself has no UBSan;
/// its overflow and bounds checks trap in every build).
let checkedC: [CSetting] = Context.environment["OPENMARKET_UBSAN"] == "1"
    ? [.unsafeFlags(["-fsanitize=undefined", "-fno-sanitize-recover=undefined"])] : []

let package = Package(
    name: "openmarket",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "openmarket", targets: ["openmarket"]),
        .executable(name: "openmarket-mcp", targets: ["openmarket-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // C libraries, each behind a small module of its own.
        .systemLibrary(
            name: "CNCursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CCursesShim", dependencies: ["CNCursesw"], cSettings: checkedC),
        .systemLibrary(
            name: "CTurboJPEG",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            providers: [.apt(["libpng-dev"])]
        ),
        // zlib's deflate for the kitty graphics protocol's compressed raw pixels (`o=z`); libpng links it anyway.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // posix_spawn's GNU flags, which Swift cannot see.
        .target(name: "CPosixSpawn", cSettings: checkedC),

        // OpenSSL's libcrypto: the EVP cipher interface the SSH front's AES-GCM runs on.
        .systemLibrary(
            name: "COpenSSLCrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // The concurrency runtime's enqueue hooks: its jobs taken on one thread (the session template's warm-up).
        .target(name: "CTaskHooks", cSettings: checkedC),

        // Our own C: a DC-only scan of baseline JPEGs for 1/8-scale thumbnails.
        .target(name: "CJPEGDC", cSettings: checkedC),

        // The one rule for text from outside (a server's, a visitor's, a settings file's) before it reaches a
        // terminal or a log: control characters shown, never sent; log values quoted (docs/SECURITY.md).
        .target(name: "Untrusted", swiftSettings: strict),

        // The market's words, once: the orders and filters of a listing, the currencies, the product rules, the
        // keys of a product's JSON and the delete steps — what the server, the client, the CLI, the MCP tools
        // and the OpenAPI document all say (docs/DECISIONS.md, "The market's words").
        .target(name: "MarketWords", swiftSettings: strict),

        // Search as a shop does it: words folded and Hangul taken apart, typos forgiven, initial consonants, and
        // the in-memory index the server ranks products with (docs/API.md, "Search"); the client marks matches
        // with the same rules.
        .target(name: "MarketSearch", swiftSettings: strict),

        // Wish-list owners the market can check: issued (signed) by an SSH front's key, checked by the market.
        .target(name: "WishListOwners", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),

        // Logging every program shares: the batched log sink and its swift-log handler, and throttled lines for
        // limits that bite (the API server and the SSH server).
        .target(
            name: "Notices", dependencies: ["Untrusted", .product(name: "Logging", package: "swift-log"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio")], swiftSettings: strict),

        // Metrics kept for Prometheus: the factory the servers make their metrics with, and the text of a scrape.
        .target(
            name: "Telemetry",
            dependencies: [
                .product(name: "CoreMetrics", package: "swift-metrics"), .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict),

        // Picture decoding, encoding and scaling, shared by the server and the client.
        // Optimised in debug builds too: its pixel loops run 20–30× slower unoptimised, which made a debug
        // build's first start wait seconds for pictures (docs/DECISIONS.md).
        .target(
            name: "ImageCodec", dependencies: ["CTurboJPEG", "CPNG", "CJPEGDC"],
            swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // The client core: models, the async API client, multipart encoding, validation.
        .target(
            name: "OpenMarketAPI",
            dependencies: [
                "Localization", "MarketWords", "Untrusted",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // Pictures to terminal cells, and the in-memory thumbnail cache.
        // Encoding sixel and scaling pictures run per frame: optimized in debug builds too, as ImageCodec.
        .target(
            name: "ImagePipeline", dependencies: ["ImageCodec", "CZlib", "Localization"],
            swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // Off-screen canvas, text measurement, layout and input events — pure Swift, no curses, no pictures.
        .target(name: "TerminalUI", dependencies: ["Untrusted"], swiftSettings: strict),

        // What the app says to a person, in English and Korean: one phrase type, one switch per language.
        .target(name: "Localization", dependencies: ["MarketWords"], swiftSettings: strict),

        // Pictures in cells: the half-block painter, a rendered picture drawn into the canvas, cell colours.
        .target(name: "TerminalPictures", dependencies: ["ImagePipeline", "TerminalUI"], swiftSettings: strict),

        // View models: state plus events in, new state plus effects out; and the screens drawn from them.
        .target(
            name: "MarketFeatures", dependencies: ["Localization", "MarketSearch", "MarketWords", "OpenMarketAPI", "ImagePipeline", "TerminalUI", "TerminalPictures"],
            swiftSettings: strict),

        // The ncurses backend: the only module that imports CNCursesw.
        .target(
            name: "TerminalCurses", dependencies: ["CNCursesw", "CCursesShim", "TerminalUI", "Untrusted", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict),

        // The settings file: read with Yams, every key and value checked at its line.
        .target(name: "Settings", dependencies: ["Untrusted", .product(name: "Yams", package: "Yams")], swiftSettings: strict),

        // The launch layer: every setting as one typed descriptor, the one resolver that ranks options, the
        // environment, kept choices, the file and defaults; the market chosen and the identity for writes.
        .target(
            name: "Launch", dependencies: ["Settings", "Localization", "MarketFeatures", "TerminalUI", "OpenMarketAPI", "Untrusted"],
            swiftSettings: strict),

        // The runtime: the event loop that joins view models, the network, the image cache and a terminal.
        .target(
            name: "MarketApp", dependencies: ["Launch", "Localization", "MarketFeatures", "MarketWords", "Settings", "OpenMarketAPI", "ImagePipeline", "ImageCodec", "TerminalUI", "TerminalPictures", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict),

        // `openmarket ssh`: an SSH server whose sessions are browsers on pseudo-terminals.
        .target(
            name: "MarketSSH",
            dependencies: [
                "Notices", "CPosixSpawn", "CTaskHooks", "COpenSSLCrypto", "Localization", "Untrusted", "WishListOwners", "ImageCodec",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),

        // The demo catalog: its products, and the pictures drawn for them (a colour-emoji font's glyphs
        // on composed backgrounds), reproducible from a seed.
        .target(
            name: "MarketDemo",
            dependencies: ["ImageCodec", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // The Open Market API server.
        .target(
            name: "MarketServer",
            dependencies: [
                "ImageCodec", "MarketDemo", "MarketSearch", "MarketWords", "Notices", "Untrusted", "WishListOwners",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),

        // What the product commands and the MCP server share: the market reached as the browser reaches it
        // (settings file, named servers, the embedded market, the vendor identity), products in the API's JSON,
        // drafts under the form's rules, pictures prepared for upload, failures with sysexits statuses.
        .target(
            name: "MarketCommands",
            dependencies: [
                "Launch", "Localization", "MarketServer", "MarketWords", "OpenMarketAPI", "Settings", "ImageCodec", "ImagePipeline", "TerminalUI", "Untrusted", "WishListOwners",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),

        // The executable: argument parsing and wiring.
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "MarketCommands", "MarketServer", "MarketApp", "Launch", "MarketFeatures", "Localization", "TerminalCurses", "OpenMarketAPI", "MarketSSH", "Telemetry", "Notices", "Settings", "WishListOwners",
                "ImagePipeline", "ImageCodec", "TerminalUI", "Untrusted", "MarketWords",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),

        // The MCP tools as a table of values, a file each: their parameters (the schemas are derived from them, and
        // the refusals read by them), what a call does; the market's words and rules from MarketWords.
        .target(
            name: "MarketTools",
            dependencies: [
                "MarketCommands", "MarketWords", "OpenMarketAPI", "ImageCodec",
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict
        ),

        // `openmarket mcp`'s server, a program of its own: the MCP SDK brings FoundationNetworking and libcurl,
        // which the browser's binary does not load (docs/DECISIONS.md).
        .executableTarget(
            name: "openmarket-mcp",
            dependencies: [
                "MarketCommands", "MarketTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict
        ),

        // What the fuzzer feeds: one target per parser of untrusted input (make fuzz; corpora in Tests/FuzzCorpus).
        .target(
            name: "FuzzTargets",
            dependencies: ["MarketServer", "OpenMarketAPI", "TerminalCurses", "TerminalUI", "CNCursesw", "ImageCodec", "ImagePipeline"],
            swiftSettings: strict
        ),
        .target(name: "CFuzzDriver"),
        .executableTarget(name: "openmarket-fuzz", dependencies: ["FuzzTargets", "CFuzzDriver"], swiftSettings: strict),

        // Fixtures and test doubles shared by the tests.
        .target(
            name: "Mocks",
            dependencies: ["ImageCodec", "CZlib", "MarketDemo", "MarketWords", "OpenMarketAPI", "TerminalUI", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            path: "Mocks",
            resources: [.copy("Fixtures")],
            // Fixture pictures and the test decoders do pixel work: optimized in debug builds too.
            swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),

        // Benchmarks of the client core, run by `make bench`.
        .executableTarget(
            name: "openmarket-bench",
            dependencies: [
                "ImagePipeline", "OpenMarketAPI", "ImageCodec", "Mocks", "MarketFeatures", "TerminalUI", "TerminalPictures",
                "TerminalCurses", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Benchmarks/openmarket-bench",
            swiftSettings: strict
        ),

        // The second crowd at the door of `openmarket ssh` (bench/crowd.py --client): SwiftNIO SSH on an event-loop
        // group, where crowd.py is AsyncSSH on one Python loop — the same visitors, timed by a client built differently.
        .executableTarget(
            name: "openmarket-crowd",
            dependencies: [
                .product(name: "NIOSSH", package: "swift-nio-ssh"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/openmarket-crowd",
            swiftSettings: strict
        ),

        // What the server's test targets share: a PostgreSQL schema of its own per test case.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "MarketServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerTestSupport",
            swiftSettings: strict
        ),

        .testTarget(name: "MarketWordsTests", dependencies: ["MarketWords"], swiftSettings: strict),
        .testTarget(name: "MarketSearchTests", dependencies: ["MarketSearch", "MarketDemo", "ServerTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "MarketToolsTests",
            dependencies: ["MarketTools", "MarketCommands", "MarketWords", "OpenMarketAPI", "Mocks", .product(name: "MCP", package: "swift-sdk")],
            swiftSettings: strict),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TerminalUI"], swiftSettings: strict),
        .testTarget(
            name: "MarketFeaturesTests",
            dependencies: ["MarketFeatures", "MarketWords", "Localization", "OpenMarketAPI", "TerminalUI", "ImagePipeline", "ImageCodec", "Mocks"],
            // The screen snapshots are read from the source tree (`expectSnapshot`), not bundled.
            exclude: ["Screens"],
            swiftSettings: strict),
        .testTarget(
            name: "MarketAppTests", dependencies: ["MarketApp", "Launch", "MarketWords", "MarketFeatures", "Localization", "Settings", "OpenMarketAPI", "TerminalUI", "Mocks", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict),
        .testTarget(
            name: "MarketSSHTests",
            dependencies: [
                "MarketSSH", "Localization", "Mocks", "WishListOwners", .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalPictures", "ImagePipeline", "Untrusted"], swiftSettings: strict),
        .testTarget(name: "TerminalCursesTests", dependencies: ["TerminalCurses", "TerminalUI"], swiftSettings: strict),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "CJPEGDC", "Mocks"], swiftSettings: strict),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "Launch"], swiftSettings: strict),
        .testTarget(
            name: "LaunchTests", dependencies: ["Launch", "Settings", "Localization", "MarketFeatures", "TerminalUI", "OpenMarketAPI"],
            swiftSettings: strict),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: strict),
        .testTarget(
            name: "NoticesTests",
            dependencies: ["Notices", .product(name: "Logging", package: "swift-log"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict),
        .testTarget(
            name: "TelemetryTests", dependencies: ["Telemetry", .product(name: "CoreMetrics", package: "swift-metrics")], swiftSettings: strict),
        .testTarget(name: "MarketDemoTests", dependencies: ["MarketDemo", "ImageCodec"], swiftSettings: strict),
        .testTarget(
            name: "ImagePipelineTests", dependencies: ["ImagePipeline", "ImageCodec", "Mocks", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strict),
        .testTarget(
            name: "OpenMarketAPITests",
            dependencies: [
                "Localization", "MarketWords",
                "OpenMarketAPI", "Mocks", "MarketServer", "ServerTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MarketServerTests",
            dependencies: [
                "MarketServer", "MarketDemo", "MarketWords", "Mocks", "ImageCodec", "ServerTestSupport", "WishListOwners", "OpenMarketAPI",
                "Telemetry",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MarketCommandsTests",
            dependencies: [
                "MarketCommands", "Launch", "Localization", "OpenMarketAPI", "ImagePipeline", "Mocks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "openmarket", "openmarket-mcp", "Mocks", "ServerTestSupport", "MarketFeatures", "TerminalUI", "ImageCodec",
                "ImagePipeline", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            exclude: ["Scripts"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

/// A build of some test targets only (`OPENMARKET_TEST_TARGETS`, comma-separated): the package keeps those and
/// the targets they need, nothing else. `make sanitize-thread` runs the concurrent modules' tests under
/// ThreadSanitizer, and building the end-to-end tests, the executables, the MCP SDK and the benchmarks for it was
/// most of its time (docs/DECISIONS.md, "CI runs make sanitize").
if let wanted = Context.environment["OPENMARKET_TEST_TARGETS"], !wanted.isEmpty {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var pending = wanted.split(separator: ",").map { String($0) }
    while let name = pending.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = []
}

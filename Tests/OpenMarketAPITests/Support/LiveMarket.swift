import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketServer
import Mocks
import ServerTestSupport
import OpenMarketAPI
import Testing

/// The stores a live test server runs on; PostgreSQL when the tests have a cluster, and always in CI.
enum ServerStores: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case memory
    /// A schema of its own in the test cluster (`TestPostgres`), dropped afterwards.
    case postgres

    static var allCases: [ServerStores] { TestPostgres.runsCases ? [.sqlite, .memory, .postgres] : [.sqlite, .memory] }

    var testDescription: String { rawValue }
}

/// Opens a fresh server on `stores` with vendors alice and bob, runs it live on a loopback port, and
/// hands `body` an `OpenMarketClient` (AsyncHTTPClient underneath) for it.
func withLiveMarket(
    stores: ServerStores = .sqlite,
    _ body: @Sendable (OpenMarketClient, _ alice: VendorIdentity, _ bob: VendorIdentity) async throws -> Void
) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var logger = Logger(label: "client-integration")
    logger.logLevel = .critical
    // publicURL nil: the server names picture URLs after the port it is bound to, so they can be fetched.
    let configuration = ServerConfiguration(port: 0, dataDirectory: directory.url, publicURL: nil, demo: .never)
    switch stores {
    case .sqlite:
        try await serve(try await OpenMarketServer.open(configuration, logger: logger), body)
    case .memory:
        try await serve(try await OpenMarketServer.open(configuration, stores: .memory(), logger: logger), body)
    case .postgres:
        try await TestSchema.with { schema in
            let stores = try await schema.open().stores
            try await serve(try await OpenMarketServer.open(configuration, stores: stores, logger: logger), body)
        }
    }
}

/// Runs `server` live with vendors alice and bob and hands `body` a client for it.
private func serve(
    _ server: OpenMarketServer,
    _ body: @Sendable (OpenMarketClient, _ alice: VendorIdentity, _ bob: VendorIdentity) async throws -> Void
) async throws {
    let alice = try await server.vendors.add(name: "alice")
    let bob = try await server.vendors.add(name: "bob")
    try await server.application().test(.live) { testClient in
        let port = try #require(testClient.port)
        let transport = AsyncHTTPTransport()
        let client = OpenMarketClient(baseURL: URL(string: "http://localhost:\(port)")!, transport: transport)
        do {
            try await body(
                client, VendorIdentity(identifier: alice.identifier, secret: alice.secret),
                VendorIdentity(identifier: bob.identifier, secret: bob.secret))
            try await transport.shutdown()
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }
}

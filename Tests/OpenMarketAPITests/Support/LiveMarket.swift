import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketServer
import Mocks
import OpenMarketAPI
import Testing

/// The stores a live test server runs on.
enum ServerStores: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case memory

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
    let server =
        switch stores {
        case .sqlite: try await OpenMarketServer.open(configuration, logger: logger)
        case .memory: try await OpenMarketServer.open(configuration, stores: .memory(), logger: logger)
        }
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

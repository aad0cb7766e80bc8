import NIOConcurrencyHelpers
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MarketServer
import Mocks
import NIOCore
import Testing
import WishListOwners

/// A server on a fresh data directory with two vendors, and helpers to talk to it.
struct TestMarket {
    let store: StoreKind
    let directory: TemporaryDirectory
    /// Where the stores live, to open them again (`reopened`).
    let stores: TestStores
    let server: OpenMarketServer
    let alice: VendorCredentials
    let bob: VendorCredentials
    let clock: TestClock

    static func make(store: StoreKind, demo: ServerConfiguration.DemoSeeding = .never) async throws -> TestMarket {
        let directory = try TemporaryDirectory()
        let clock = TestClock()
        let stores = try await TestStores.make(store, directory: directory, now: { clock.now })
        let server = try await open(stores, demo: demo, clock: clock)
        let alice = try await server.vendors.add(name: "alice")
        let bob = try await server.vendors.add(name: "bob")
        return TestMarket(
            store: store, directory: directory, stores: stores, server: server, alice: alice, bob: bob, clock: clock)
    }

    /// A server on `stores` (opened again) with its data directory.
    static func open(_ stores: TestStores, demo: ServerConfiguration.DemoSeeding = .never, clock: TestClock)
        async throws -> OpenMarketServer
    {
        let configuration = configuration(directory: stores.directory, demo: demo, clock: clock)
        return try await OpenMarketServer.open(
            configuration, stores: try await stores.open(now: { clock.now }), logger: logger)
    }

    static func configuration(
        directory: TemporaryDirectory, demo: ServerConfiguration.DemoSeeding = .never, clock: TestClock
    ) -> ServerConfiguration {
        var configuration = ServerConfiguration(
            port: 0, dataDirectory: directory.url, publicURL: "http://market.test", demo: demo, now: { clock.now })
        configuration.wishListIssuers = [issuer.publicKey]
        return configuration
    }

    /// The SSH front whose wish-list owners the test markets keep lists for.
    static let issuer = try! WishListIssuer(seed: [UInt8](repeating: 7, count: 32))

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    /// A new server on the same data directory and stores, as a restart would find them (a SQLite file
    /// or a PostgreSQL schema is opened again; memory stores are the same tables).
    func reopened(demo: ServerConfiguration.DemoSeeding = .never) async throws -> TestMarket {
        let again = try await Self.open(stores, demo: demo, clock: clock)
        return TestMarket(
            store: store, directory: directory, stores: stores, server: again, alice: alice, bob: bob, clock: clock)
    }

    var app: some ApplicationProtocol { server.application() }

    /// Runs `body` against the router (no sockets).
    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await app.test(.router) { client in try await body(client) }
    }

    /// A valid registration's params JSON.
    static func params(
        secret: String, name: String = "Blue Mug", description: String = "A sturdy cup for your coffee.",
        price: String = "12000", currency: String = "KRW", discount: String = "1000", stock: Int = 3
    ) -> String {
        """
        {"name": \(json(name)), "description": \(json(description)), "price": \(price), "currency": "\(currency)", \
        "discounted_price": \(discount), "stock": \(stock), "secret": "\(secret)"}
        """
    }

    static func json(_ s: String) -> String {
        let data = try! JSONEncoder().encode(s)
        return String(decoding: data, as: UTF8.self)
    }

    /// A registration body: params plus pictures.
    static func registration(params: String?, pictures: [(String, [UInt8])]) -> MultipartBuilder {
        var builder = MultipartBuilder()
        if let params { builder.text("params", params, contentType: "application/json") }
        for (name, bytes) in pictures { builder.file("images", filename: name, bytes: bytes) }
        builder.close()
        return builder
    }
}

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let seconds = NIOLockedValueBox<TimeInterval>(1_700_000_000)

    var now: Date { Date(timeIntervalSince1970: seconds.withLockedValue { $0 }) }

    func advance(by interval: TimeInterval) {
        seconds.withLockedValue { $0 += interval }
    }
}

import Synchronization

extension TestClientProtocol {
    /// Sends a request and returns the response.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, identifier: String? = nil, contentType: String? = nil,
        body: [UInt8]? = nil
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if let identifier { headers[HTTPField.Name("identifier")!] = identifier }
        if let contentType { headers[.contentType] = contentType }
        return try await executeRequest(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    }

    /// Registers a product; returns the response.
    func register(as vendor: VendorCredentials, _ builder: MultipartBuilder) async throws -> TestResponse {
        try await send(.post, "/api/products", identifier: vendor.identifier, contentType: builder.contentType, body: builder.body)
    }

    /// Registers a valid product with `pictures` JPEGs and returns its detail JSON.
    func registerValid(as vendor: VendorCredentials, name: String = "Blue Mug", pictures: Int = 1) async throws
        -> [String: Any]
    {
        let builder = TestMarket.registration(
            params: TestMarket.params(secret: vendor.secret, name: name),
            pictures: (0..<pictures).map { ("p\($0).jpg", FixturePictures.jpeg(seed: $0)) })
        let response = try await register(as: vendor, builder)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try response.jsonObject()
    }
}

extension TestResponse {
    func jsonObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView))
        return try #require(object as? [String: Any], "not a JSON object: \(String(buffer: body))")
    }

    /// The API error body's message, checking the body is `{"code": status, "message": …}`.
    func errorMessage() throws -> String {
        let object = try jsonObject()
        #expect(object["code"] as? Int == status.code)
        #expect(headers[.contentType]?.hasPrefix("application/json") == true)
        return try #require(object["message"] as? String)
    }

    var text: String { String(buffer: body) }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import MarketServer
import Mocks
import Testing

@Suite("Registering: success and every bad input", .postgresSchemas)
struct RegisterTests {
    @Test(
        "a valid registration answers 201 with the detail, first picture's thumbnail as the product's",
        arguments: StoreKind.allCases)
    func registers(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let builder = TestMarket.registration(
                params: TestMarket.params(
                    secret: market.alice.secret, name: "파란 머그컵", price: "2.36", currency: "USD", discount: "0.36"),
                pictures: [("a.jpg", FixturePictures.jpeg()), ("b.png", FixturePictures.png())])
            let response = try await client.register(as: market.alice, builder)
            #expect(response.status == .created)
            let detail = try response.jsonObject()
            #expect(detail["name"] as? String == "파란 머그컵")
            #expect(detail["price"] as? Double == 2.36)
            #expect(detail["discounted_price"] as? Double == 0.36)
            #expect(detail["bargain_price"] as? Double == 2)
            #expect(detail["currency"] as? String == "USD")
            #expect((detail["images"] as? [Any])?.count == 2)
        }
    }

    @Test(
        "defaults: discounted_price 0 and stock 0 when absent; params without a Content-Type",
        arguments: StoreKind.allCases)
    func defaults(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            var builder = MultipartBuilder()
            builder.text(
                "params",
                "{\"name\":\"Plain\",\"description\":\"Ten chars!!\",\"price\":5,\"currency\":\"KRW\",\"secret\":\"\(market.alice.secret)\"}")
            builder.file("images", filename: "x.jpg", bytes: FixturePictures.jpeg())
            builder.close()
            let detail = try await client.register(as: market.alice, builder).jsonObject()
            #expect(detail["discounted_price"] as? Double == 0)
            #expect(detail["stock"] as? Int == 0)
        }
    }

    /// Sends `builder` as alice (unless told otherwise) and checks the status, the message and that
    /// the store did not change.
    func expectRefused(
        _ market: TestMarket, _ builder: MultipartBuilder, status: HTTPResponse.Status, mentions: String,
        identifier: String?? = nil, contentType: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await market.test { client in
            let response = try await client.send(
                .post, "/api/products", identifier: identifier ?? market.alice.identifier,
                contentType: contentType ?? builder.contentType, body: builder.body)
            #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
            let message = try response.errorMessage()
            #expect(message.contains(mentions), "message: \(message)", sourceLocation: sourceLocation)
            let page = try await client.send(.get, "/api/products").jsonObject()
            #expect(page["totalCount"] as? Int == 0, "store changed", sourceLocation: sourceLocation)
        }
        let files = FileManager.default.enumerator(atPath: market.directory.url.appendingPathComponent("images").path)?
            .allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") } ?? []
        #expect(files.isEmpty, "picture files left behind: \(files)", sourceLocation: sourceLocation)
    }

    var jpeg: [UInt8] { FixturePictures.jpeg() }

    @Test(
        "every validation rule broken in turn is a 400 naming the field",
        arguments: StoreKind.allCases, [
            ("name", #"{"name":"ab","description":"A long enough text","price":10,"currency":"KRW"}"#),
            ("name", #"{"name":"\#(String(repeating: "가", count: 101))","description":"A long enough text","price":10,"currency":"KRW"}"#),
            ("name", #"{"description":"A long enough text","price":10,"currency":"KRW"}"#),
            ("name", #"{"name":12,"description":"A long enough text","price":10,"currency":"KRW"}"#),
            ("description", #"{"name":"Mug","description":"too short","price":10,"currency":"KRW"}"#),
            ("description", #"{"name":"Mug","description":"\#(String(repeating: "x", count: 1001))","price":10,"currency":"KRW"}"#),
            ("name", #"{"name":"Mug\u0000 cup","description":"A long enough text","price":10,"currency":"KRW"}"#),
            ("description", #"{"name":"Mug","description":"A long enough\u0000 text","price":10,"currency":"KRW"}"#),
            ("price", #"{"name":"Mug","description":"A long enough text","currency":"KRW"}"#),
            ("price", #"{"name":"Mug","description":"A long enough text","price":-1,"currency":"KRW"}"#),
            ("price", #"{"name":"Mug","description":"A long enough text","price":"10","currency":"KRW"}"#),
            ("price", #"{"name":"Mug","description":"A long enough text","price":1e200,"currency":"KRW"}"#),
            ("discounted_price", #"{"name":"Mug","description":"A long enough text","price":10,"discounted_price":11,"currency":"KRW"}"#),
            ("discounted_price", #"{"name":"Mug","description":"A long enough text","price":10,"discounted_price":-1,"currency":"KRW"}"#),
            ("stock", #"{"name":"Mug","description":"A long enough text","price":10,"stock":-1,"currency":"KRW"}"#),
            ("stock", #"{"name":"Mug","description":"A long enough text","price":10,"stock":1.5,"currency":"KRW"}"#),
            ("currency", #"{"name":"Mug","description":"A long enough text","price":10,"currency":"EUR"}"#),
            ("currency", #"{"name":"Mug","description":"A long enough text","price":10}"#),
        ])
    func validation(store: StoreKind, broken: (field: String, json: String)) async throws {
        let (field, json) = broken
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let withSecret = String(json.dropLast()) + ",\"secret\":\"\(market.alice.secret)\"}"
        let builder = TestMarket.registration(params: withSecret, pictures: [("a.jpg", jpeg)])
        try await expectRefused(market, builder, status: .badRequest, mentions: field)
    }

    @Test("a name of exactly 100 Korean characters is accepted (characters, not bytes)", arguments: StoreKind.allCases)
    func hundredKorean(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let builder = TestMarket.registration(
                params: TestMarket.params(secret: market.alice.secret, name: String(repeating: "가", count: 100)),
                pictures: [("a.jpg", FixturePictures.jpeg())])
            let response = try await client.register(as: market.alice, builder)
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test(
        "malformed multipart: no boundary, truncated, missing params, no images, bad JSON",
        arguments: StoreKind.allCases)
    func malformedMultipart(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let good = TestMarket.registration(params: TestMarket.params(secret: market.alice.secret), pictures: [("a.jpg", jpeg)])
        try await expectRefused(market, good, status: .badRequest, mentions: "boundary", contentType: "multipart/form-data")
        try await expectRefused(market, good, status: .unsupportedMediaType, mentions: "multipart", contentType: "application/json")
        var truncated = good
        truncated.truncate(to: good.body.count / 2)
        try await expectRefused(market, truncated, status: .badRequest, mentions: "truncated")
        try await expectRefused(
            market, TestMarket.registration(params: nil, pictures: [("a.jpg", jpeg)]), status: .badRequest,
            mentions: "params")
        try await expectRefused(
            market, TestMarket.registration(params: TestMarket.params(secret: market.alice.secret), pictures: []),
            status: .badRequest, mentions: "images")
        try await expectRefused(
            market, TestMarket.registration(params: "{\"name\": ", pictures: [("a.jpg", jpeg)]), status: .badRequest,
            mentions: "JSON")
        try await expectRefused(
            market, TestMarket.registration(params: "[1,2]", pictures: [("a.jpg", jpeg)]), status: .badRequest,
            mentions: "object")
    }

    @Test(
        "picture checks: six pictures, 307,201 bytes, text named .jpg, 100000×100000 PNG, corrupt JPEG, ../ names",
        arguments: StoreKind.allCases)
    func pictureChecks(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let params = TestMarket.params(secret: market.alice.secret)
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: (0..<6).map { ("\($0).jpg", jpeg) }),
            status: .badRequest, mentions: "at most 5")
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: [("big.jpg", FixturePictures.jpeg(exactly: 307_201))]),
            status: .contentTooLarge, mentions: "307201")
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: [("notes.jpg", FixturePictures.text)]),
            status: .unsupportedMediaType, mentions: "notes.jpg")
        try await expectRefused(
            market,
            TestMarket.registration(
                params: params, pictures: [("bomb.png", FixturePictures.pngClaiming(width: 100_000, height: 100_000))]),
            status: .contentTooLarge, mentions: "100000×100000")
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: [("broken.jpg", FixturePictures.corruptJPEG)]),
            status: .badRequest, mentions: "broken.jpg")
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: [("../../etc/x.jpg", jpeg)]),
            status: .badRequest, mentions: "path")
        try await expectRefused(
            market, TestMarket.registration(params: params, pictures: [("good.jpg", jpeg), ("bad.txt", FixturePictures.text)]),
            status: .unsupportedMediaType, mentions: "images[2]")
    }

    @Test("exactly 307,200 bytes is still accepted", arguments: StoreKind.allCases)
    func limitInclusive(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        try await market.test { client in
            let builder = TestMarket.registration(
                params: TestMarket.params(secret: market.alice.secret),
                pictures: [("edge.jpg", FixturePictures.jpeg(exactly: 307_200))])
            let response = try await client.register(as: market.alice, builder)
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test(
        "identity: no identifier 401, unknown identifier 401, wrong secret 403, missing secret 400",
        arguments: StoreKind.allCases)
    func identity(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        let good = TestMarket.registration(params: TestMarket.params(secret: market.alice.secret), pictures: [("a.jpg", jpeg)])
        try await expectRefused(market, good, status: .unauthorized, mentions: "identifier", identifier: .some(nil))
        try await expectRefused(
            market, good, status: .unauthorized, mentions: "identifier", identifier: .some(UUID().uuidString))
        try await expectRefused(market, good, status: .unauthorized, mentions: "identifier", identifier: .some("not-a-uuid"))
        try await expectRefused(
            market, TestMarket.registration(params: TestMarket.params(secret: market.bob.secret), pictures: [("a.jpg", jpeg)]),
            status: .forbidden, mentions: "secret")
        try await expectRefused(
            market,
            TestMarket.registration(params: #"{"name":"Mug","description":"long enough","price":1,"currency":"KRW"}"#, pictures: [("a.jpg", jpeg)]),
            status: .badRequest, mentions: "secret")
    }

    @Test("a body over the limit is a 413", arguments: StoreKind.allCases)
    func oversizedBody(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        var builder = MultipartBuilder()
        builder.text("params", TestMarket.params(secret: market.alice.secret))
        builder.file("images", filename: "huge.jpg", bytes: [UInt8](repeating: 0xFF, count: 3 * 1024 * 1024))
        builder.close()
        try await expectRefused(market, builder, status: .contentTooLarge, mentions: "too large")
    }
}

extension RegisterTests {
    @Test("a picture claiming more than 24 Mpx is a 413 before it is decoded", arguments: [StoreKind.memory])
    func tooManyPixels(store: StoreKind) async throws {
        let market = try await TestMarket.make(store: store)
        defer { market.directory.remove() }
        // A PNG's signature and IHDR: 6000×4001 pixels, 8-bit RGB (the chunk's CRC is not read before the size).
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [UInt32(6000), UInt32(4001)] { png += withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        png += [8, 2, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        var builder = MultipartBuilder()
        builder.text("params", TestMarket.params(secret: market.alice.secret))
        builder.file("images", filename: "wide.png", bytes: png, contentType: "image/png")
        builder.close()
        try await expectRefused(market, builder, status: .contentTooLarge, mentions: "wide.png")
    }
}

extension MultipartBuilder {
    mutating func truncate(to count: Int) {
        var copy = MultipartBuilder(boundary: boundary)
        copy.appendRaw(Array(body.prefix(count)))
        self = copy
    }
}

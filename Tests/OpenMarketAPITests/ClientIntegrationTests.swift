import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketServer
import Mocks
import OpenMarketAPI
import Testing

/// `OpenMarketClient` over `AsyncHTTPTransport` against our real server on a loopback port.
@Suite("OpenMarketClient against the real server over loopback", .timeLimit(.minutes(2)))
struct ClientIntegrationTests {
    @Test("register → first on page 1 → detail with 2 images → update price → page shows it → delete → 404")
    func lifecycle() async throws {
        try await withLiveMarket { client, alice, _ in
            #expect(try await client.health())

            let older = try await client.register(
                NewProduct(name: "Older product", description: "Registered first of all.", price: 5000, currency: .krw),
                pictures: [UploadPicture(filename: "old.jpg", bytes: FixturePictures.jpeg(seed: 3))], identity: alice)

            let jpeg = FixturePictures.jpeg()
            let png = FixturePictures.png()
            let calls = Calls()
            let created = try await client.register(
                NewProduct(
                    name: "파란 머그컵 & Co", description: "A sturdy cup, 100% ceramic #1.", price: decimal("2.36"),
                    currency: .usd, discountedPrice: decimal("0.36"), stock: 3),
                pictures: [
                    UploadPicture(filename: "mug \"front\".jpg", bytes: jpeg),
                    UploadPicture(filename: "mug-side.png", bytes: png),
                ],
                identity: alice, progress: { sent, total in calls.append(sent, total) })
            #expect(created.name == "파란 머그컵 & Co")
            #expect(created.price.amount == decimal("2.36"))
            #expect(created.discountedPrice.amount == decimal("0.36"))
            #expect(created.bargainPrice.amount == 2)
            #expect(created.currency == .usd)
            #expect(created.vendor?.name == "alice")
            #expect(created.images.count == 2)
            let progress = calls.values
            #expect(progress.last.map { $0.sent == $0.total && $0.total > jpeg.count + png.count } == true)

            let first = try await client.page(number: 1, itemsPerPage: 20)
            #expect(first.totalCount == 2)
            #expect(first.products.map(\.id) == [created.id, older.id])
            #expect(first.products.first?.vendorName == "alice")
            #expect(first.products.first?.price.formatted(.usd) == "$2.36")

            let searched = try await client.page(number: 1, itemsPerPage: 20, search: "& co")
            #expect(searched.products.map(\.id) == [created.id])
            #expect(
                try await client.page(number: 1, itemsPerPage: 20, search: "100% ceramic #1").products.map(\.id) == [
                    created.id
                ])
            #expect(try await client.page(number: 1, itemsPerPage: 20, search: "머그").products.map(\.id) == [created.id])
            #expect(try await client.page(number: 1, itemsPerPage: 20, search: "+").products.isEmpty)

            let detail = try await client.product(id: created.id)
            #expect(detail.images.count == 2)
            #expect(try await client.data(from: detail.images[0].url) == jpeg)
            #expect(try await client.data(from: detail.images[1].url) == png)
            let thumbnail = try #require(detail.thumbnailURL)
            #expect(try await client.data(from: thumbnail).starts(with: [0xFF, 0xD8, 0xFF]))

            let updated = try await client.update(
                id: created.id, changes: ProductChanges(thumbnailID: detail.images[1].id, price: decimal("3.5")),
                identity: alice)
            #expect(updated.price.amount == decimal("3.5"))
            #expect(updated.bargainPrice.amount == decimal("3.14"))
            #expect(updated.thumbnailURL == detail.images[1].thumbnailURL)
            #expect(updated.name == created.name)

            let repriced = try await client.page(number: 1, itemsPerPage: 20)
            #expect(repriced.products.first?.id == created.id)
            #expect(repriced.products.first?.price.formatted(.usd) == "$3.50")

            let path = try await client.deletePath(id: created.id, identity: alice)
            #expect(path.hasPrefix("/api/products/"))
            let deleted = try await client.delete(path: path, identity: alice)
            #expect(deleted.id == created.id)

            let gone = await failure { try await client.product(id: created.id) }
            #expect(gone?.status == 404)
            #expect(gone?.serverMessage == "no product with id \(created.id)")
            let reused = await failure { try await client.delete(path: path, identity: alice) }
            #expect(reused?.status == 404)
            #expect(try await client.page(number: 1, itemsPerPage: 20).products.map(\.id) == [older.id])
        }
    }

    @Test("the server's refusals arrive as status errors with its message")
    func refusals() async throws {
        try await withLiveMarket { client, alice, bob in
            let product = try await client.register(
                NewProduct(name: "Lamp", description: "A warm desk lamp.", price: 30000, currency: .krw),
                pictures: [UploadPicture(filename: "lamp.jpg", bytes: FixturePictures.jpeg())], identity: alice)

            let wrongSecret = VendorIdentity(identifier: alice.identifier, secret: "not-the-secret")
            let forbidden = await failure {
                try await client.update(id: product.id, changes: ProductChanges(stock: 1), identity: wrongSecret)
            }
            #expect(forbidden?.status == 403)
            #expect(forbidden?.userMessage == "The server refused: secret is wrong for this vendor (403).")

            let notOwner = await failure { try await client.deletePath(id: product.id, identity: bob) }
            #expect(notOwner?.status == 403)

            let unknown = VendorIdentity(identifier: "00000000-0000-0000-0000-000000000000", secret: "x")
            #expect(await failure { try await client.deletePath(id: product.id, identity: unknown) }?.status == 401)

            let tooExpensiveDiscount = await failure {
                try await client.update(
                    id: product.id, changes: ProductChanges(discountedPrice: 40000), identity: alice)
            }
            #expect(tooExpensiveDiscount?.status == 400)
            #expect(tooExpensiveDiscount?.serverMessage?.contains("discounted_price") == true)

            let noPictures = await failure {
                try await client.register(
                    NewProduct(name: "Nothing", description: "No pictures at all.", price: 1, currency: .krw),
                    pictures: [], identity: alice)
            }
            #expect(noPictures?.status == 400)

            let missingPicture = await failure {
                try await client.data(
                    from: URL(string: "http://localhost:\(client.baseURL.port ?? 0)/images/none.jpg")!)
            }
            #expect(missingPicture?.status == 404)
        }
    }
}

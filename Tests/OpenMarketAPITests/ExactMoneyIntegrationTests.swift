import Foundation
import MarketServer
import Mocks
import OpenMarketAPI
import Testing

/// Prices stay exact decimals from the client through the server's parsing, rules, store and JSON, and
/// back: register → page → detail → update, against the real server on loopback, on each of its stores.
@Suite("Exact money through the real server", .timeLimit(.minutes(2)))
struct ExactMoneyIntegrationTests {
    @Test(
        "0.3 − 0.1 is a bargain of exactly 0.2; $19.99 stays 19.99 (register, page, detail, update)",
        arguments: ServerStores.allCases)
    func exactPrices(stores: ServerStores) async throws {
        try await withLiveMarket(stores: stores) { client, alice, _ in
            let picture = [UploadPicture(filename: "a.jpg", bytes: FixturePictures.jpeg())]
            // 0.1 + 0.2 in binary floating point is 0.30000000000000004; here it must be 0.3.
            let tenths = try await client.register(
                NewProduct(
                    name: "Tenths", description: "Priced in tenths of a dollar.",
                    price: decimal("0.1") + decimal("0.2"), currency: .usd, discountedPrice: decimal("0.1")),
                pictures: picture, identity: alice)
            let dollars = try await client.register(
                NewProduct(
                    name: "Dollars", description: "Priced like a shop.", price: decimal("19.99"), currency: .usd),
                pictures: picture, identity: alice)

            /// Price, discount and bargain, as decimals.
            func money(_ price: Price, _ discounted: Price, _ bargain: Price) -> [Decimal] {
                [price.amount, discounted.amount, bargain.amount]
            }
            let tenthsMoney = ["0.3", "0.1", "0.2"].map(decimal)
            let dollarsMoney = ["19.99", "0", "19.99"].map(decimal)
            #expect(money(tenths.price, tenths.discountedPrice, tenths.bargainPrice) == tenthsMoney)
            #expect(money(dollars.price, dollars.discountedPrice, dollars.bargainPrice) == dollarsMoney)

            let page = try await client.page(number: 1, itemsPerPage: 20)
            let listed = try #require(page.products.first { $0.id == tenths.id })
            #expect(money(listed.price, listed.discountedPrice, listed.bargainPrice) == tenthsMoney)
            let listedDollars = try #require(page.products.first { $0.id == dollars.id })
            #expect(listedDollars.price.amount == decimal("19.99"))
            #expect(listedDollars.price.formatted(.usd) == "$19.99")

            let detail = try await client.product(id: tenths.id)
            #expect(money(detail.price, detail.discountedPrice, detail.bargainPrice) == tenthsMoney)

            let updated = try await client.update(
                id: dollars.id, changes: ProductChanges(discountedPrice: decimal("0.1")), identity: alice)
            let discounted = ["19.99", "0.1", "19.89"].map(decimal)
            #expect(money(updated.price, updated.discountedPrice, updated.bargainPrice) == discounted)
            let again = try await client.product(id: dollars.id)
            #expect(again.bargainPrice.amount == decimal("19.89"), "read after the update")
        }
    }
}

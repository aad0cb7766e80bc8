import Foundation
import MarketCommands
import OpenMarketAPI
import Testing

/// What `products edit` and the MCP tool `edit_product` send: only the fields that differ — and, when none
/// does, a write of nothing new, so the market still refuses another vendor's product.
@Suite("An edit's changes")
struct EditChangesTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let current = ProductSummary(
        id: 7, vendorID: 1, vendorName: "demo", name: "Mug", description: "A sturdy mug for coffee.", thumbnailURL: nil,
        currency: .krw, price: Price(12000), bargainPrice: Price(11500), discountedPrice: Price(500), stock: 4, createdAt: date,
        issuedAt: date)

    static func wanted(
        name: String = "Mug", price: Decimal = 12000, currency: Currency = .krw, discount: Decimal = 500, stock: Int = 4
    ) -> NewProduct {
        NewProduct(name: name, description: "A sturdy mug for coffee.", price: price, currency: currency, discountedPrice: discount, stock: stock)
    }

    @Test("only what differs is sent: one field, several, none")
    func between() {
        #expect(ProductChanges.between(Self.current, Self.wanted(price: 9000)) == ProductChanges(price: 9000))
        #expect(
            ProductChanges.between(Self.current, Self.wanted(name: "Big Mug", currency: .usd, discount: 0, stock: 9))
                == ProductChanges(name: "Big Mug", currency: .usd, discountedPrice: 0, stock: 9))
        #expect(ProductChanges.between(Self.current, Self.wanted()) == ProductChanges())
        #expect(ProductChanges.between(Self.current, Self.wanted(price: Decimal(string: "12000.00")!)) == ProductChanges(), "the same amount, other digits")
    }

    @Test("an edit that changes nothing still writes: the stock as it is, for the market to say whose product it is")
    func edit() {
        #expect(ProductChanges.edit(Self.current, Self.wanted(stock: 1)) == ProductChanges(stock: 1))
        #expect(ProductChanges.edit(Self.current, Self.wanted()) == ProductChanges(stock: 4))
    }

    @Test("a failure of the market's API becomes the sysexits status its kind calls for")
    func statuses() {
        let market = URL(string: "http://127.0.0.1:9")!
        #expect(CommandFailure(.httpStatus(403, message: "product 7 belongs to another vendor"), market: market).status == CommandFailure.notAllowed)
        #expect(CommandFailure(.httpStatus(401, message: nil), market: market).status == CommandFailure.notAllowed)
        #expect(CommandFailure(.httpStatus(404, message: nil), market: market).status == CommandFailure.missing)
        #expect(CommandFailure(.httpStatus(400, message: "price"), market: market).status == CommandFailure.refused)
        #expect(CommandFailure(.httpStatus(503, message: nil), market: market).status == CommandFailure.unavailable)
        let refused = CommandFailure(.transport(endpoint: "127.0.0.1:9", reason: "connection refused"), market: market)
        #expect(refused.status == CommandFailure.unavailable && refused.description.hasPrefix("http://127.0.0.1:9"), "\(refused.description)")
    }
}

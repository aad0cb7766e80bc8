import Foundation
import OpenMarketAPI
import Testing

@testable import MarketFeatures

/// A seller's view of stock: their products fewest in stock first (`o`), low stock marked, and, when only
/// theirs are listed (`m`), how many are sold out and low — counted only as far as the pages tell.
@Suite("A seller's view of stock")
struct StockViewTests {
    /// Vendor 1's products 1 (sold out), 2 (3 left), 4 (40), 5 (5 left: low, the bound included); vendor 2's 3 (2 left).
    static let products = [
        Samples.product(5, name: "Kettle", stock: 5),
        Samples.product(4, name: "Teapot", stock: 40),
        Samples.product(3, name: "Spoon", vendor: "other", stock: 2, vendorID: 2),
        Samples.product(2, name: "Mug", stock: 3),
        Samples.product(1, name: "Bowl", stock: 0),
    ]

    static func catalog(hasNext: Bool = false) -> CatalogState {
        var catalog = CatalogState(size: ScreenSize(columns: 80, rows: 20), itemsPerPage: 20)
        catalog.isStarting = false
        catalog.allProducts = products
        catalog.nextPage = hasNext ? 2 : nil
        return catalog
    }

    @Test("the counts: complete when every page is loaded; growing (+) while pages are to come; none of sold out when only those in stock are listed, none of low when it is off")
    func counts() {
        #expect(Self.catalog().stockCounts(of: 1, lowStock: 5) == .init(soldOut: 1, soldOutComplete: true, low: 2, lowComplete: true))
        #expect(Self.catalog().stockCounts(of: 2, lowStock: 5) == .init(soldOut: 0, soldOutComplete: true, low: 1, lowComplete: true))
        #expect(Self.catalog(hasNext: true).stockCounts(of: 1, lowStock: 5) == .init(soldOut: 1, soldOutComplete: false, low: 2, lowComplete: false))
        #expect(Self.catalog().stockCounts(of: 1, lowStock: 0) == .init(soldOut: 1, soldOutComplete: true, low: nil, lowComplete: true))
        var inStock = Self.catalog(hasNext: true)
        inStock.filter.inStockOnly = true
        #expect(inStock.stockCounts(of: 1, lowStock: 5) == .init(soldOut: nil, soldOutComplete: false, low: 2, lowComplete: false))
    }

    @Test("ordered fewest in stock first by the market, a loaded product above a count's bound makes it complete: every product below came before")
    func stockOrderCompletes() {
        var catalog = Self.catalog(hasNext: true)
        catalog.arranger = .server
        catalog.order = .stock
        #expect(catalog.stockCounts(of: 1, lowStock: 5) == .init(soldOut: 1, soldOutComplete: true, low: 2, lowComplete: true))
        #expect(catalog.stockCounts(of: 1, lowStock: 50) == .init(soldOut: 1, soldOutComplete: true, low: 3, lowComplete: false), "nothing above 50 loaded")
        // Ordered so by the browser over the loaded pages only (a course server): the pages to come could hold any.
        catalog.arranger = .courseAPI
        #expect(catalog.stockCounts(of: 1, lowStock: 5) == .init(soldOut: 1, soldOutComplete: false, low: 2, lowComplete: false))
        #expect(catalog.products.map(\.id) == [1, 3, 2, 5, 4], "fewest first, the loaded ones")
    }

    /// Vendor 1's browser with the products loaded, in the list layout.
    static func state(writer: Int? = 1, lowStock: Int = 5, mine: Bool = false, columns: Int = 80) -> BrowserState {
        let size = ScreenSize(columns: columns, rows: 24)
        var state = BrowserState(size: size)
        state.writer = writer.map { WriterIdentity(vendorID: $0) }
        state.lowStock = lowStock
        state.catalog = catalog()
        state.catalog.size = size
        state.catalog.layoutKind = .list
        if mine { state.catalog.onlyVendorID = 1 }
        return state
    }

    @Test("the writer's own products at or under the setting say low; another vendor's, a visitor's view and low-stock 0 do not")
    func marked() {
        let lines = render(Self.state()).0.trimmedLines()
        #expect(lines.contains { $0.hasSuffix("5 in stock, low") }, "Kettle, 5: the bound is low")
        #expect(lines.contains { $0.hasSuffix("3 in stock, low") }, "Mug, 3")
        #expect(lines.contains { $0.hasSuffix("2 in stock") }, "the other vendor's Spoon is not marked")
        #expect(lines.contains { $0.hasSuffix("40 in stock") } && lines.contains { $0.hasSuffix("Sold out") })
        for state in [Self.state(writer: nil), Self.state(lowStock: 0)] {
            let plain = render(state).0.trimmedLines()
            #expect(!plain.contains { $0.contains("low") }, "\(plain)")
        }
    }

    @Test("only mine: the title says how many are sold out and low; where the line is too narrow the server's address makes room for them")
    func title() {
        var state = Self.state(mine: true)
        state.serverLabel = "127.0.0.1:8080"
        #expect(render(state).0.trimmedLines().first == " openmarket  ·  127.0.0.1:8080  ·  list    mine  1 sold out · 2 low  4 products")
        state.catalog.nextPage = 2
        #expect(render(state).0.trimmedLines().first == " openmarket  ·  list                    mine  1+ sold out · 2+ low  4+ products")
        state = Self.state(mine: true, columns: 120)
        state.serverLabel = "127.0.0.1:8080"
        state.catalog.nextPage = 2
        #expect(render(state).0.trimmedLines().first
            == " openmarket  ·  127.0.0.1:8080  ·  list                                         mine  1+ sold out · 2+ low  4+ products")
        state.language = .korean
        #expect(render(state).0.trimmedLines().first?.hasSuffix("내 상품  품절 1+개 · 부족 2+개  상품 4+개") == true)
    }
}

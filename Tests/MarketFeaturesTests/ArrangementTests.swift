import Foundation
import OpenMarketAPI
import TerminalUI
import MarketWords
import Testing

@testable import MarketFeatures

/// `o` and `i`: the loaded products in another order, or only those in stock — the selected product kept,
/// pages that arrive later put in their place.
@Suite("Order and filter of the loaded products")
struct ArrangementTests {
    static let products = [
        Samples.product(9, price: 5000, stock: 0),
        Samples.product(8, price: 12000, discount: 6000),
        Samples.product(7, price: 3, currency: .usd),
        Samples.product(6, price: 800),
        Samples.product(5, price: 12000, discount: 1000),
        Samples.product(4, price: 800),
    ]

    @Test("each order: prices within a currency (won before dollars, either way), ties newest first; discount by share")
    func orders() {
        let ids = { (order: ProductOrder) in order.sorted(Self.products).map(\.id) }
        #expect(ids(.newest) == [9, 8, 7, 6, 5, 4])
        #expect(ids(.priceAscending) == [6, 4, 9, 8, 5, 7], "₩800 (6, 4 newest first), ₩5,000, ₩6,000 paid, ₩11,000 paid, then $3")
        #expect(ids(.priceDescending) == [5, 8, 9, 6, 4, 7])
        #expect(ids(.discount) == [8, 5, 9, 7, 6, 4])
        #expect(ids(.stock) == [9, 8, 7, 6, 5, 4], "sold out first, the rest (5 each) newest first")
        #expect(ProductOrder.newest.next == .priceAscending && ProductOrder.discount.next == .stock && ProductOrder.stock.next == .newest)
        #expect(ProductFilter(inStockOnly: true).admits(Self.products[0]) == false && ProductFilter().isEmpty)
    }

    static func catalog() -> CatalogState {
        var catalog = CatalogState(size: ScreenSize(columns: 120, rows: 40), itemsPerPage: 20)
        catalog.isStarting = false
        catalog.allProducts = products
        catalog.nextPage = nil
        return catalog
    }

    @Test("o keeps the selected product selected; i hides those out of stock and keeps it when it stays")
    func keys() {
        var catalog = Self.catalog()
        catalog.selectedIndex = 2  // product 7
        #expect(catalog.handle(.sortCycle) == .handled([]))
        #expect(catalog.order == .priceAscending && catalog.selectedProduct?.id == 7 && catalog.isArranged)
        #expect(catalog.handle(.filterInStock) == .handled([]))
        #expect(catalog.products.map(\.id) == [6, 4, 8, 5, 7] && catalog.selectedProduct?.id == 7)
        #expect(catalog.handle(.filterInStock) == .handled([]))
        #expect(catalog.products.count == 6 && catalog.selectedProduct?.id == 7)
        for _ in 0..<4 { #expect(catalog.handle(.sortCycle) == .handled([])) }
        #expect(catalog.order == .newest && !catalog.isArranged && catalog.products.map(\.id) == [9, 8, 7, 6, 5, 4])
    }

    @Test("a page that arrives while sorted goes in its place; the selection stays on its product; a registered product is selected where it lands")
    func pagesAndWrites() {
        var catalog = Self.catalog()
        catalog.order = .priceAscending
        catalog.nextPage = 2
        catalog.selectedIndex = 3  // product 8
        let effects = catalog.requestPage(replacing: false, keepSelectedID: nil)
        let request = catalog.pageRequest!
        #expect(effects == [.loadPage(requestID: request.id, page: 2, itemsPerPage: 20, search: nil)])
        let cheap = Samples.product(3, price: 100)
        let page = ProductPage(
            pageNumber: 2, itemsPerPage: 20, totalCount: 7, offset: 20, limit: 40, lastPage: 2, hasNext: false, hasPrev: true,
            products: [cheap])
        #expect(catalog.pageLoaded(id: request.id, .success(page)) == [])
        #expect(catalog.products.first?.id == 3 && catalog.selectedProduct?.id == 8)
        catalog.insertFirst(Samples.product(20, price: 1_000_000))
        #expect(catalog.selectedProduct?.id == 20 && catalog.selectedIndex == 6, "the dearest won price: last among won prices")
    }

    @Test("in stock only with nothing in stock says so; with more pages, it looks further")
    func empty() {
        var catalog = Self.catalog()
        catalog.allProducts = [Samples.product(2, stock: 0), Samples.product(1, stock: 0)]
        #expect(catalog.handle(.filterInStock) == .handled([]))
        #expect(catalog.products.isEmpty)
        var more = Self.catalog()
        more.allProducts = [Samples.product(2, stock: 0)]
        more.nextPage = 2
        guard case .handled(let effects) = more.handle(.filterInStock) else { Issue.record("not handled"); return }
        #expect(effects.count == 1, "the next page is asked for: \(effects)")
    }

    @Test("a server that echoes a listing but not the one asked has declined: the list starts again plainly, and it is never asked again, whatever its later pages echo")
    func declined() {
        var catalog = Self.catalog()
        _ = catalog.requestPage(replacing: true, keepSelectedID: nil)
        #expect(catalog.arranger == .unknown && catalog.serverArranges == nil, "no page yet")
        let first = ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 6, offset: 0, limit: 20, lastPage: 1, hasNext: false, hasPrev: false,
            products: Self.products, listing: .standard)
        #expect(catalog.pageLoaded(id: catalog.pageRequest!.id, .success(first)) == [])
        #expect(catalog.arranger == .server)
        guard case .handled(let asked) = catalog.handle(.sortCycle) else { Issue.record("o not taken"); return }
        #expect(asked == [.loadPage(requestID: catalog.pageRequest!.id, page: 1, itemsPerPage: 20, search: nil, listing: PageListing(sort: .priceAscending))])
        // The answer echoes newest first: the order was ignored.
        let again = catalog.pageLoaded(id: catalog.pageRequest!.id, .success(first))
        #expect(again == [.loadPage(requestID: catalog.pageRequest!.id, page: 1, itemsPerPage: 20, search: nil)], "page 1 again, plainly")
        #expect(catalog.arranger == .declined && catalog.listing == .standard)
        #expect(catalog.pageLoaded(id: catalog.pageRequest!.id, .success(first)) == [])
        #expect(catalog.arranger == .declined && catalog.serverArranges == false, "a later page's echo does not undo it")
    }

    @Test("a server that orders and filters (it says so on its pages) is asked for page 1 in the new order, every later page too; the course server never")
    func serverArranges() {
        var catalog = Self.catalog()
        catalog.nextPage = 2
        let first = ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 40, offset: 0, limit: 20, lastPage: 2, hasNext: true, hasPrev: false,
            products: Self.products, listing: .standard)
        var request = catalog.requestPage(replacing: true, keepSelectedID: nil)
        let prefetch = catalog.pageLoaded(id: catalog.pageRequest!.id, .success(first))
        #expect(prefetch == [.loadPage(requestID: catalog.pageRequest!.id, page: 2, itemsPerPage: 20, search: nil)], "few loaded: page 2, newest first")
        #expect(catalog.arranger == .server && catalog.serverArranges == true && request.count == 1)
        catalog.selectedIndex = 2  // product 7
        request = { guard case .handled(let effects) = catalog.handle(.sortCycle) else { return [] }; return effects }()
        let asked = PageListing(sort: .priceAscending)
        #expect(request == [.loadPage(requestID: catalog.pageRequest!.id, page: 1, itemsPerPage: 20, search: nil, listing: asked)])
        #expect(catalog.pageRequest?.keepSelectedID == 7 && catalog.selectedProduct?.id == 7, "arranged here meanwhile")
        request = { guard case .handled(let effects) = catalog.handle(.filterInStock) else { return [] }; return effects }()
        #expect(request.first == .loadPage(
            requestID: catalog.pageRequest!.id, page: 1, itemsPerPage: 20, search: nil, listing: PageListing(sort: .priceAscending, inStockOnly: true)))

        var course = Self.catalog()
        _ = course.requestPage(replacing: true, keepSelectedID: nil)
        var plain = first
        plain.listing = nil
        #expect(course.pageLoaded(id: course.pageRequest!.id, .success(plain)).count == 1, "page 2")
        #expect(course.arranger == .courseAPI && course.serverArranges == false)
        #expect(course.handle(.sortCycle) == .handled([]), "the loaded pages only: nothing more asked")
        #expect(course.listing == .standard)
    }
}

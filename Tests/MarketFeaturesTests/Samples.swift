import Foundation
import Testing
import MarketFeatures
import OpenMarketAPI

/// Products and pages for view-model and rendering tests.
enum Samples {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func product(
        _ id: Int, name: String? = nil, vendor: String = "demo", price: Decimal = 12000, discount: Decimal = 0,
        currency: Currency = .krw, stock: Int = 5, description: String = "A fine thing.", vendorID: Int = 1
    ) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: vendorID, vendorName: vendor, name: name ?? "Product \(id)", description: description,
            thumbnailURL: URL(string: "http://m.test/images/\(id)_thumb.jpg"), currency: currency, price: Price(price),
            bargainPrice: Price(price - discount), discountedPrice: Price(discount), stock: stock, createdAt: date,
            issuedAt: date)
    }

    /// The detail of product `id` with `pictures` pictures.
    static func detail(_ id: Int, pictures: Int = 3, description: String = "A fine thing.") -> ProductDetail {
        let p = product(id, description: description)
        return ProductDetail(
            id: id, vendorID: p.vendorID, name: p.name, description: p.description, thumbnailURL: p.thumbnailURL,
            currency: p.currency, price: p.price, bargainPrice: p.bargainPrice, discountedPrice: p.discountedPrice,
            stock: p.stock, createdAt: date, issuedAt: date,
            images: (1...max(1, pictures)).prefix(pictures).map {
                ProductImage(
                    id: $0, url: URL(string: "http://m.test/\(id)/\($0).jpg")!,
                    thumbnailURL: URL(string: "http://m.test/\(id)/\($0)t.jpg")!)
            },
            vendor: VendorInfo(id: 1, name: "demo"))
    }

    /// Page `number` of a catalog whose newest id is `newest`, `perPage` items, newest first.
    static func page(_ number: Int, perPage: Int = 20, newest: Int = 100, total: Int = 100) -> ProductPage {
        let first = newest - (number - 1) * perPage
        let ids = Array(stride(from: first, to: max(first - perPage, newest - total), by: -1))
        let lastPage = (total + perPage - 1) / perPage
        return ProductPage(
            pageNumber: number, itemsPerPage: perPage, totalCount: total, offset: (number - 1) * perPage,
            limit: number * perPage, lastPage: lastPage, hasNext: number < lastPage, hasPrev: number > 1,
            products: ids.map { product($0) })
    }

    /// A state that has loaded `pages` pages of 20 at 120×40 (each step asks for exactly the next page).
    static func loaded(pages: Int = 1, size: ScreenSize = ScreenSize(columns: 120, rows: 40)) -> BrowserState {
        var state = BrowserState(size: size)
        #expect(state.handle(.started) == [.loadPage(requestID: 1, page: 1, itemsPerPage: 20, search: nil), .followChanges])
        for n in 1...pages {
            let id = state.catalog.pageRequest!.id
            #expect(state.handle(.pageLoaded(requestID: id, .success(page(n)))) == [])
            if n < pages, state.catalog.pageRequest == nil {
                #expect(state.handle(.keyPressed(.character("G"))) == [.loadPage(requestID: id + 1, page: n + 1, itemsPerPage: 20, search: nil)])
            }
        }
        return state
    }
}

import Foundation
import OpenMarketAPI

extension MarketAccess.Market {
    /// The id of the vendor writes go as: known with the identity, else asked of the market
    /// (`GET /api/vendors/me`); the failure that says how to give it when neither knows.
    public func writerVendorID() async throws -> Int {
        if let vendorID { return vendorID }
        let identity = try writer()
        do throws(OpenMarketError) {
            return try await client.vendor(of: identity).id
        } catch {
            if error.status == 404 || error.status == 405 {
                throw CommandFailure(lines: [language.text(.productFile(.vendorUnknown))], status: CommandFailure.notAllowed)
            }
            throw CommandFailure(error, market: url)
        }
    }

    /// Every product of the market, newest first, a page of `perPage` at a time handed to `body`; only
    /// `vendorID`'s when given (a course server has no such filter: every page is read and sifted).
    public func everyProduct(of vendorID: Int? = nil, perPage: Int = 100, _ body: ([ProductSummary]) async throws -> Void) async throws {
        var number = 1
        while true {
            let page: ProductPage
            do throws(OpenMarketError) {
                page = try await client.page(number: number, itemsPerPage: perPage)
            } catch {
                throw CommandFailure(error, market: url)
            }
            let products = vendorID.map { id in page.products.filter { $0.vendorID == id } } ?? page.products
            if !products.isEmpty { try await body(products) }
            guard page.hasNext, !page.products.isEmpty else { return }
            number += 1
        }
    }

    /// The details of `products` (their pictures), `width` asked at once, in `products`' order.
    public func details(of products: [ProductSummary], width: Int = 8) async throws -> [ProductDetail] {
        var details: [ProductDetail?] = Array(repeating: nil, count: products.count)
        try await withThrowingTaskGroup(of: (Int, ProductDetail).self) { group in
            var next = 0
            func start() {
                let index = next
                let id = products[index].id
                let client = client
                group.addTask {
                    do throws(OpenMarketError) {
                        return (index, try await client.product(id: id))
                    } catch {
                        throw CommandFailure(error, market: client.baseURL)
                    }
                }
                next += 1
            }
            while next < min(width, products.count) { start() }
            while let (index, detail) = try await group.next() {
                details[index] = detail
                if next < products.count { start() }
            }
        }
        return details.compactMap { $0 }
    }
}

import ArgumentParser
import Foundation
import MarketCommands
import MarketWords
import OpenMarketAPI
import Untrusted

extension ProductsCommand {
    /// `products list`: a page, or every page (`--all`), newest first or in the market's order.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List products: a page, or --all pages (JSON lines streamed while paging).")
        @OptionGroup var market: MarketAccess
        @Option(help: "Only products whose name or description has these words (openmarket serve: any order, typos forgiven, best match first).")
        var search: String?
        @Option(help: "\(ListingOrder.spoken); newest is the default (a server that cannot sort lists newest first, and says so on standard error).")
        var sort: String?
        @Flag(help: "Only products in stock.") var inStock = false
        @Option(help: "The page to list (from 1; default 1).") var page: Int?
        @Option(help: "Products per page, \(ProductRules.itemsPerPage.lowerBound) to \(ProductRules.itemsPerPage.upperBound) (default \(ProductRules.defaultItemsPerPage)).")
        var perPage = ProductRules.defaultItemsPerPage
        @Flag(help: "Every page, one after another.") var all = false
        @Flag(help: "One JSON document: {\"products\": […], \"total\": N}.") var json = false
        @Flag(help: "A JSON line per product, written as each page arrives (the default when piped).") var jsonl = false

        func validate() throws {
            if all && page != nil { throw ValidationError("--page and --all go apart: one page, or every page") }
            if let page, page < 1 { throw ValidationError("--page must be 1 or more") }
            let perPages = ProductRules.itemsPerPage
            guard perPages.contains(perPage) else {
                throw ValidationError("--per-page must be from \(perPages.lowerBound) to \(perPages.upperBound)")
            }
            if json && jsonl { throw ValidationError("--json and --jsonl go apart") }
            if let sort, ListingOrder(rawValue: sort) == nil {
                throw ValidationError("--sort must be \(ListingOrder.spoken), not \(sort)")
            }
        }

        /// "No products match …; did you mean …?" with the command that searches it, the market's words shown
        /// safely (a hostile market's escape sequences never reach the terminal); nil without a suggestion.
        static func suggestionLine(search: String, _ page: PageSearch?) -> String? {
            guard let offered = page?.suggestion(answering: search) else { return nil }
            let quoted = "'" + offered.replacingOccurrences(of: "'", with: "'\\''") + "'"
            return "openmarket: no products match “\(UntrustedText.shown(search))”; did you mean “\(offered)”? "
                + "(openmarket products list --search \(quoted))"
        }

        func run() async throws {
            let output = Output.chosen(json: json, jsonl: jsonl, piped: .jsonl)
            let listing = PageListing(sort: sort.flatMap(ListingOrder.init(rawValue:)) ?? .newest, inStockOnly: inStock)
            try await ProductsCommand.failing {
                try await market.run { market in
                    var number = page ?? 1
                    var shown: [ProductSummary] = []
                    var total = 0
                    var warned = false
                    var searched: PageSearch?
                    let encoder = ProductRecord.encoder()
                    while true {
                        let fetched: ProductPage
                        do throws(OpenMarketError) {
                            fetched = try await market.client.page(number: number, itemsPerPage: perPage, search: search, listing: listing)
                        } catch {
                            throw CommandFailure(error, market: market.url)
                        }
                        if fetched.listing == nil, listing != .standard, !warned {
                            FileHandle.standardError.write(Data("openmarket: this server does not sort or filter (a course-API server): newest first, everything\n".utf8))
                            warned = true
                        }
                        total = fetched.totalCount
                        if number == (page ?? 1) { searched = fetched.search }
                        if output == .jsonl {
                            // One write a page: a line each would be a system call each.
                            if !fetched.products.isEmpty {
                                ProductsCommand.emit(fetched.products.map { ProductRecord($0).json(with: encoder) }.joined(separator: "\n"))
                            }
                        } else {
                            shown += fetched.products
                        }
                        guard all, fetched.hasNext, !fetched.products.isEmpty else { break }
                        number += 1
                    }
                    switch output {
                    case .jsonl: break
                    case .json:
                        let items = shown.map { ProductRecord($0).json(with: encoder) }.joined(separator: ",")
                        ProductsCommand.emit("{\"products\":[\(items)],\"total\":\(total)}")
                    case .table:
                        ProductTable.lines(shown, width: ProductTable.width()).forEach(ProductsCommand.emit)
                        if !all, shown.count < total { ProductsCommand.emit("(\(shown.count) of \(total); --all for every page)") }
                    }
                    // Did you mean: on standard error, so what is piped stays products only.
                    if let search, total == 0, let line = Self.suggestionLine(search: search, searched) {
                        FileHandle.standardError.write(Data((line + "\n").utf8))
                    }
                }
            }
        }
    }
}

import ArgumentParser
import Foundation
import MarketCommands
import OpenMarketAPI

extension ProductsCommand {
    /// `products show ID`: one product with its pictures.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one product, its pictures and its description.")
        @Argument(help: "The product's id.") var id: Int
        @OptionGroup var market: MarketAccess
        @Flag(help: "JSON (the default when piped).") var json = false

        func validate() throws {
            guard id > 0 else { throw ValidationError("ID must be a whole number above 0") }
        }

        func run() async throws {
            let output = Output.chosen(json: json)
            try await ProductsCommand.failing {
                try await market.run { market in
                    let detail = try await market.product(id)
                    ProductsCommand.print(detail, output, market: market.url)
                }
            }
        }
    }

    /// A product as `output` says: labelled lines on a terminal, else one JSON document.
    static func print(_ detail: ProductDetail, _ output: Output, market: URL) {
        if output == .table {
            ProductTable.detail(detail, market: market).forEach(emit)
        } else {
            emit(ProductRecord(detail).json())
        }
    }
}

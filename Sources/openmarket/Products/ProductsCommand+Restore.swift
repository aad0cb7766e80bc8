import ArgumentParser
import Foundation
import MarketCommands
import MarketWords
import OpenMarketAPI

extension ProductsCommand {
    /// `products restore ID`: brings back one of your products deleted in the last ten minutes (`openmarket
    /// serve` keeps them that long), as it was.
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring back one of your products deleted in the last \(DeleteSteps.keptSeconds / 60) minutes, as it was (openmarket serve).")
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
                    let identity = try market.writer()
                    let detail: ProductDetail
                    do throws(OpenMarketError) {
                        detail = try await market.client.restore(id: id, identity: identity)
                    } catch {
                        throw CommandFailure(error, market: market.url)
                    }
                    ProductsCommand.print(detail, output, market: market.url)
                }
            }
        }
    }
}

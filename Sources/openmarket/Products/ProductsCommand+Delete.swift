import ArgumentParser
import Foundation
import MarketCommands
import MarketFeatures
import OpenMarketAPI

extension ProductsCommand {
    /// `products delete ID`: asks on a terminal (or takes `--yes`), then deletes with a one-time token.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one of your products (asks first on a terminal; --yes does not).")
        @Argument(help: "The product's id.") var id: Int
        @OptionGroup var market: MarketAccess
        @Flag(help: "Do not ask.") var yes = false
        @Flag(help: "JSON of what was deleted (the default when piped).") var json = false

        func validate() throws {
            guard id > 0 else { throw ValidationError("ID must be a whole number above 0") }
            if !yes && isatty(0) != 1 { throw ValidationError("--yes is needed when there is no terminal to ask on") }
        }

        func run() async throws {
            let output = Output.chosen(json: json)
            try await ProductsCommand.failing {
                try await market.run { market in
                    let identity = try market.writer()
                    if !yes {
                        let current = try await market.product(id)
                        FileHandle.standardError.write(Data("Delete “\(ProductText.name(current.summary))” (#\(id))? [y/N] ".utf8))
                        guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                            FileHandle.standardError.write(Data("Not deleted.\n".utf8))
                            return
                        }
                    }
                    let deleted: ProductDetail
                    do throws(OpenMarketError) {
                        deleted = try await market.client.delete(id: id, identity: identity)
                    } catch {
                        throw CommandFailure(error, market: market.url)
                    }
                    if output == .table {
                        ProductsCommand.emit("Deleted “\(ProductText.name(deleted.summary))” (#\(id)).")
                    } else {
                        ProductsCommand.emit(ProductRecord(deleted).json())
                    }
                }
            }
        }
    }
}

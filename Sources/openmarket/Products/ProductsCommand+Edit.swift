import ArgumentParser
import Foundation
import MarketCommands
import OpenMarketAPI

extension ProductsCommand {
    /// `products edit ID --price …`: sends the fields given that differ from the product's (pictures cannot
    /// change: the API has no way); when none differs, a write of nothing new, so that another vendor's
    /// product is still refused (77).
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a product's fields; only those given (and different) are sent.")
        @Argument(help: "The product's id.") var id: Int
        @OptionGroup var fields: ProductFields
        @OptionGroup var market: MarketAccess
        @Flag(help: "JSON (the default when piped).") var json = false

        func validate() throws {
            guard id > 0 else { throw ValidationError("ID must be a whole number above 0") }
            if fields.isEmpty { throw ValidationError("nothing to change: give --name, --description, --price, --currency, --discount or --stock") }
        }

        func run() async throws {
            let output = Output.chosen(json: json)
            try await ProductsCommand.failing {
                try await market.run { market in
                    let identity = try market.writer()
                    let current = try await market.product(id).summary
                    let draft = fields.draft(over: ProductDraft(editing: current))
                    let violations = draft.validate()
                    guard violations.isEmpty, let parsed = draft.parsed else { throw CommandFailure(violations) }
                    let detail: ProductDetail
                    do throws(OpenMarketError) {
                        detail = try await market.client.update(id: id, changes: .edit(current, parsed), identity: identity)
                    } catch {
                        throw CommandFailure(error, market: market.url)
                    }
                    ProductsCommand.print(detail, output, market: market.url)
                }
            }
        }
    }
}

import ArgumentParser
import Foundation
import ImagePipeline
import MarketCommands
import OpenMarketAPI

extension ProductsCommand {
    /// `products add`: registers a product with one to five pictures, in the server's one atomic step.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a product with 1 to 5 pictures (each over 300 KB shrunk as the form shrinks it).")
        @OptionGroup var fields: ProductFields
        @Option(name: .customLong("picture"), help: "A picture file (JPEG or PNG); give 1 to 5.") var pictures: [String] = []
        @OptionGroup var market: MarketAccess
        @Flag(help: "JSON (the default when piped).") var json = false

        func run() async throws {
            let output = Output.chosen(json: json)
            try await ProductsCommand.failing {
                // The rules first, all of them, before anything is read or sent.
                var draft = fields.draft(over: ProductDraft())
                if fields.currency == nil { draft.currency = .krw }
                draft.pictureCount = pictures.count
                let violations = draft.validate()
                guard violations.isEmpty, let product = draft.parsed else { throw CommandFailure(violations) }
                let uploads = try UploadPicture.prepared(pictures)
                try await market.run { market in
                    let identity = try market.writer()
                    let detail: ProductDetail
                    do throws(OpenMarketError) {
                        detail = try await market.client.register(product, pictures: uploads, identity: identity)
                    } catch {
                        throw CommandFailure(error, market: market.url)
                    }
                    ProductsCommand.print(detail, output, market: market.url)
                }
            }
        }
    }
}

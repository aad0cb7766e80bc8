import ArgumentParser
import Foundation
import MarketCommands
import OpenMarketAPI

extension ProductsCommand {
    /// `products export`: your products (or the market's) as a file `products import` reads back, streamed a
    /// page at a time.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write your products (or --all the market's) as CSV or JSON Lines, the columns import reads.",
            discussion: """
                The columns: \(ProductColumn.spoken); prices as exact digits, pictures as their addresses joined by |. \
                CSV is UTF-8 with a byte-order mark and CRLF line ends, as spreadsheets open it (Korean included). \
                Written a page at a time, in constant memory; to --output through a file beside it, renamed when \
                complete (a failure leaves no half file).
                """)
        @Flag(help: "Every product of the market, not only yours.") var all = false
        @Option(help: "csv or jsonl (default: by --output's name, else csv).") var format: String?
        @Option(name: .shortAndLong, help: "The file to write (default: standard output).") var output: String?
        @Flag(help: "Leave the pictures column empty (no request for each product's pictures: faster).") var noPictures = false
        @OptionGroup var market: MarketAccess

        func validate() throws {
            if let format, ProductFileFormat(rawValue: format) == nil { throw ValidationError("--format must be csv or jsonl, not \(format)") }
        }

        func run() async throws {
            let format = format.flatMap(ProductFileFormat.init(rawValue:)) ?? output.map(ProductFileFormat.init(path:)) ?? .csv
            try await ProductsCommand.failing {
                try await market.run { market in
                    let vendorID = all ? nil : try await market.writerVendorID()
                    let sink = try ExportSink(path: output)
                    var export = ProductExport(format: format)
                    var count = 0
                    do {
                        try await market.everyProduct(of: vendorID) { products in
                            let pictures: [[URL]?]
                            if noPictures {
                                pictures = Array(repeating: nil, count: products.count)
                            } else {
                                pictures = try await market.details(of: products).map { $0.images.map(\.url) }
                            }
                            try sink.write(export.bytes(of: Array(zip(products, pictures)).map { (summary: $0.0, pictures: $0.1) }))
                            count += products.count
                        }
                        if count == 0 { try sink.write(export.bytes(of: [])) }
                        try sink.finish()
                    } catch {
                        sink.abandon()
                        throw error
                    }
                    ProductsCommand.warn(market.language.text(.productFile(.exported(count: count))))
                }
            }
        }
    }
}

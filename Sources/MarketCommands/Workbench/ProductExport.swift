import CSV
import Foundation
import OpenMarketAPI

/// Writes products as a product file `products import` reads back: CSV (by CSV.swift; UTF-8 with a
/// byte-order mark and CRLF, as spreadsheets open it, Korean included) or JSON Lines, a page at a time.
public struct ProductExport: Sendable {
    public var format: ProductFileFormat
    /// Whether the header (and the byte-order mark) has been written.
    private var started = false

    public init(format: ProductFileFormat) {
        self.format = format
    }

    /// The bytes of `products` (with their picture addresses when known), after those of the pages before.
    public mutating func bytes(of products: [(summary: ProductSummary, pictures: [URL]?)]) -> [UInt8] {
        defer { started = true }
        switch format {
        case .jsonl:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var out: [UInt8] = []
            for product in products {
                out += (try? encoder.encode(Line(product.summary, pictures: product.pictures))).map { [UInt8]($0) } ?? []
                out.append(0x0A)
            }
            return out
        case .csv:
            let stream = OutputStream.toMemory()
            stream.open()
            defer { stream.close() }
            guard let writer = try? CSVWriter(stream: stream, newline: .crlf) else { return [] }
            if !started { try? writer.write(row: ProductColumn.allCases.map(\.rawValue)) }
            for product in products { try? writer.write(row: Self.cells(product.summary, pictures: product.pictures)) }
            let written = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
            // Each page's writer starts without a line break, and ends without one: the rows end with CRLF.
            return (started ? [] : [0xEF, 0xBB, 0xBF]) + [UInt8](written) + (written.isEmpty ? [] : [0x0D, 0x0A])
        }
    }

    /// A product's cells, in ``ProductColumn``'s order; prices as their exact digits, the pictures joined by `|`.
    static func cells(_ product: ProductSummary, pictures: [URL]?) -> [String] {
        ProductColumn.allCases.map { column in
            switch column {
            case .id: String(product.id)
            case .name: product.name
            case .description: product.description
            case .price: product.price.amount.description
            case .discountedPrice: product.discountedPrice.amount.description
            case .currency: product.currency.code
            case .stock: String(product.stock)
            case .pictures: (pictures ?? []).map(\.absoluteString).joined(separator: "|")
            }
        }
    }

    /// A JSON line: the columns, prices as exact numbers, the pictures as a list.
    struct Line: Encodable {
        var id: Int
        var name: String
        var description: String
        var price: Decimal
        var discountedPrice: Decimal
        var currency: String
        var stock: Int
        var pictures: [String]?

        enum CodingKeys: String, CodingKey {
            case id, name, description, price, currency, stock, pictures
            case discountedPrice = "discounted_price"
        }

        init(_ product: ProductSummary, pictures: [URL]?) {
            id = product.id
            name = product.name
            description = product.description
            price = product.price.amount
            discountedPrice = product.discountedPrice.amount
            currency = product.currency.code
            stock = product.stock
            self.pictures = pictures?.map(\.absoluteString)
        }
    }
}

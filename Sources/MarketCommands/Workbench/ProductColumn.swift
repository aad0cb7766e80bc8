import Foundation
import MarketWords
import OpenMarketAPI

/// A column of a product file (`products export` writes them, `products import` reads them): the product's
/// fields a seller sets, named by the API's own keys, and its pictures (files or addresses).
public enum ProductColumn: String, Sendable, Hashable, CaseIterable {
    case id
    case name
    case description
    case price
    case discountedPrice = "discounted_price"
    case currency
    case stock
    case pictures

    /// The column a header cell names: letter case, spaces and hyphens forgiven (`Discounted Price`,
    /// `discounted-price`), the form's word `discount` too; nil for any other.
    public init?(header: String) {
        let word = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
        switch word {
        case "discount": self = .discountedPrice
        case "picture", "images": self = .pictures
        default: self.init(rawValue: word)
        }
    }

    /// The keys of a product's JSON a JSON Lines file may carry and import reads past: what the market
    /// computes or keeps itself (`products list --jsonl` writes them). `images` is read as the pictures.
    public static let computedKeys: Set<String> = Set(
        [ProductKey.vendorID, .thumbnail, .bargainPrice, .createdAt, .issuedAt, .vendorName, .vendors].map(\.rawValue) + ["vendor_name"])

    /// The columns in the order export writes them, as a list to say: `id, name, description, …`.
    public static let spoken = allCases.map(\.rawValue).joined(separator: ", ")

    /// The form's field this column sets (nil for the id).
    public var field: DraftField? {
        switch self {
        case .id: nil
        case .name: .name
        case .description: .description
        case .price: .price
        case .discountedPrice: .discountedPrice
        case .currency: .currency
        case .stock: .stock
        case .pictures: .pictures
        }
    }

    /// The column that sets `field`.
    public init(_ field: DraftField) {
        self = Self.allCases.first { $0.field == field } ?? .name
    }
}

/// The keys of a product's JSON, as the course API names them: what a server writes, what a client decodes,
/// what the OpenAPI document requires. Every product has ``fields``; a page's items add ``vendorName``, a
/// product's detail ``images`` and ``vendors``.
public enum ProductKey: String, Sendable, Hashable, CaseIterable, CodingKey {
    case id
    case vendorID = "vendor_id"
    case name
    case description
    case thumbnail
    case currency
    case price
    case bargainPrice = "bargain_price"
    case discountedPrice = "discounted_price"
    case stock
    case createdAt = "created_at"
    case issuedAt = "issued_at"
    /// The vendor's name, on a page's items.
    case vendorName
    /// The pictures, on a detail.
    case images
    /// The vendor, on a detail.
    case vendors

    /// The keys every product has, in the API's order.
    public static let fields: [ProductKey] = [
        .id, .vendorID, .name, .description, .thumbnail, .currency, .price, .bargainPrice, .discountedPrice,
        .stock, .createdAt, .issuedAt,
    ]
}

import Foundation

/// What a PATCH asks to change; nil fields stay as they are. Pictures cannot change, but the
/// thumbnail can be another of the product's pictures.
struct ProductChanges: Sendable, Equatable {
    var name: String?
    var description: String?
    var price: Decimal?
    var currency: String?
    var discountedPrice: Decimal?
    var stock: Int?
    var thumbnailID: Int?
}

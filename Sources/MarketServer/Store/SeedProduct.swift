import Foundation

/// A product of the demo catalog, before its vendor exists.
struct SeedProduct: Sendable {
    /// Index into the seeded vendor names; the stored product's `vendorID` is that vendor's id.
    var vendor: Int
    /// The product; its `vendorID` is replaced when the vendors are created.
    var product: NewProduct
    /// Its pictures' paths, which name its vendor's id, known only once the vendors are created.
    var pictures: @Sendable (_ vendorID: Int) -> [SavedPicture]
    var date: Date
}

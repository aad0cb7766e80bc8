import Foundation

/// The rows of the in-memory stores and the steps the stores are made of. A value type: a
/// `MemoryDatabase` transaction works on a copy and keeps it only when the step succeeds.
struct MemoryTables: Sendable {
    var vendors: [Vendor] = []
    /// Products with their pictures by id.
    var products: [Int: StoredProductDetail] = [:]
    /// Deleted products kept for a restore, and when they were deleted.
    var deleted: [Int: (detail: StoredProductDetail, at: Date)] = [:]
    /// Product ids, oldest first.
    var order: [Int] = []
    var deleteTokens: [String: DeleteTokenRecord] = [:]
    var demoVendor: VendorCredentials?
    /// Wish lists by owner (their JSON).
    var wishLists: [String: (body: String, updated: Date)] = [:]
    /// Ids are never given twice, as SQLite's AUTOINCREMENT.
    private var lastVendorID = 0
    private var lastProductID = 0
    private var lastImageID = 0

    mutating func add(_ vendor: NewVendor) -> VendorCredentials {
        lastVendorID += 1
        vendors.append(vendor.vendor(id: lastVendorID))
        return vendor.credentials(id: lastVendorID)
    }

    mutating func insert(_ product: NewProduct, pictures: [SavedPicture], at date: Date) throws
        -> StoredProductDetail
    {
        guard let vendor = vendors.first(where: { $0.id == product.vendorID }) else {
            throw APIError(.internalServerError, "no vendor with id \(product.vendorID)")
        }
        lastProductID += 1
        let id = lastProductID
        let images = pictures.map { picture in
            lastImageID += 1
            return StoredImage(
                id: lastImageID, productID: id, originPath: picture.originPath, thumbnailPath: picture.thumbnailPath,
                issuedAt: Timestamp.string(date))
        }
        let detail = StoredProductDetail(
            product: product.stored(id: id, vendorName: vendor.name, thumbnail: images.first, at: date),
            images: images)
        products[id] = detail
        order.append(id)
        return detail
    }

    mutating func remove(productID id: Int) -> StoredProductDetail? {
        guard let detail = products.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        return detail
    }
}

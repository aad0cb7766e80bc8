/// Writes products in the API's JSON shapes. Picture paths become absolute URLs under `baseURL`.
struct ProductJSON {
    let baseURL: String

    func imageURL(_ path: String) -> String {
        path.isEmpty ? "" : baseURL + "/images/" + path
    }

    /// A page: camelCase page keys, snake_case product keys (and `vendorName`).
    /// A page, with `listing` echoed (`"listing":{"sort":…,"in_stock":…}`): how a client learns that this
    /// server orders and filters (the course API's clients ignore the key).
    func page(number: Int, perPage: Int, total: Int, items: [StoredProduct], listing: ProductListing = .standard) -> String {
        var json = JSONText(capacity: 512 + items.count * 420)
        let offset = (number - 1) * perPage
        let lastPage = (total + perPage - 1) / perPage
        json.raw("{")
        json.field("pageNo", number)
        json.field("itemsPerPage", perPage)
        json.field("totalCount", total)
        json.field("offset", offset)
        json.field("limit", offset + perPage)
        json.field("lastPage", lastPage)
        json.field("hasNext", number < lastPage)
        json.field("hasPrev", number > 1)
        json.key("listing")
        json.raw("{")
        json.field("sort", listing.order.rawValue)
        json.field("in_stock", listing.inStockOnly)
        if let currency = listing.currency { json.field("currency", currency) }
        if let low = listing.priceMin { json.field("price_min", low) }
        if let high = listing.priceMax { json.field("price_max", high) }
        json.raw("}")
        json.key("pages")
        json.raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            productFields(item, into: &json)
            json.field("vendorName", item.vendorName)
            json.raw("}")
        }
        json.raw("]}")
        return json.text
    }

    /// A product detail: the list keys without `vendorName`, plus `images` and `vendors`.
    func detail(_ detail: StoredProductDetail) -> String {
        var json = JSONText(capacity: 1024)
        json.raw("{")
        productFields(detail.product, into: &json)
        json.key("images")
        json.raw("[")
        for (index, image) in detail.images.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            json.field("id", image.id)
            json.field("url", imageURL(image.originPath))
            json.field("thumbnail_url", imageURL(image.thumbnailPath))
            json.field("issued_at", image.issuedAt)
            json.raw("}")
        }
        json.raw("]")
        json.key("vendors")
        json.raw("{")
        json.field("id", detail.product.vendorID)
        json.field("name", detail.product.vendorName)
        json.raw("}}")
        return json.text
    }

    private func productFields(_ p: StoredProduct, into json: inout JSONText) {
        json.field("id", p.id)
        json.field("vendor_id", p.vendorID)
        json.field("name", p.name)
        json.field("description", p.description)
        json.field("thumbnail", imageURL(p.thumbnailPath))
        json.field("currency", p.currency)
        json.field("price", p.price)
        json.field("bargain_price", p.bargainPrice)
        json.field("discounted_price", p.discountedPrice)
        json.field("stock", p.stock)
        json.field("created_at", p.createdAt)
        json.field("issued_at", p.issuedAt)
    }
}

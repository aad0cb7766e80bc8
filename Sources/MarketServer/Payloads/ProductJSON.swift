import MarketWords

/// Writes products in the API's JSON shapes. Picture paths become absolute URLs under `baseURL`.
struct ProductJSON {
    let baseURL: String

    func imageURL(_ path: String) -> String {
        path.isEmpty ? "" : baseURL + "/images/" + path
    }

    /// A page: camelCase page keys, snake_case product keys (and `vendorName`).
    /// A page, with `listing` echoed (`"listing":{"sort":…,"in_stock":…}`): how a client learns that this
    /// server orders and filters (the course API's clients ignore the key).
    func page(
        number: Int, perPage: Int, total: Int, items: [StoredProduct], listing: ProductListing = .standard,
        search: SearchOutcome? = nil
    ) -> String {
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
        json.field(ListingParameter.sort.rawValue, listing.order.rawValue)
        json.field(ListingParameter.inStock.rawValue, listing.inStockOnly)
        if let currency = listing.currency { json.field(ListingParameter.currency.rawValue, currency) }
        if let low = listing.priceMin { json.field(ListingParameter.priceMin.rawValue, low) }
        if let high = listing.priceMax { json.field(ListingParameter.priceMax.rawValue, high) }
        json.raw("}")
        if let search {
            json.key("search")
            json.raw("{")
            json.field("ranking", search.bestMatchFirst ? "best-match" : "sort")
            if let suggestion = search.suggestion { json.field("suggestion", suggestion) }
            json.raw("}")
        }
        json.key("pages")
        json.raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            productFields(item, into: &json)
            json.field(ProductKey.vendorName.rawValue, item.vendorName)
            json.raw("}")
        }
        json.raw("]}")
        return json.text
    }

    /// One product as a page lists it (with `vendorName`): what the change stream's events carry.
    func item(_ product: StoredProduct) -> String {
        var json = JSONText(capacity: 480)
        json.raw("{")
        productFields(product, into: &json)
        json.field(ProductKey.vendorName.rawValue, product.vendorName)
        json.raw("}")
        return json.text
    }

    /// A product detail: the list keys without `vendorName`, plus `images` and `vendors`.
    func detail(_ detail: StoredProductDetail) -> String {
        var json = JSONText(capacity: 1024)
        json.raw("{")
        productFields(detail.product, into: &json)
        json.key(ProductKey.images.rawValue)
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
        json.key(ProductKey.vendors.rawValue)
        json.raw("{")
        json.field("id", detail.product.vendorID)
        json.field("name", detail.product.vendorName)
        json.raw("}}")
        return json.text
    }

    private func productFields(_ p: StoredProduct, into json: inout JSONText) {
        json.field(ProductKey.id.rawValue, p.id)
        json.field(ProductKey.vendorID.rawValue, p.vendorID)
        json.field(ProductKey.name.rawValue, p.name)
        json.field(ProductKey.description.rawValue, p.description)
        json.field(ProductKey.thumbnail.rawValue, imageURL(p.thumbnailPath))
        json.field(ProductKey.currency.rawValue, p.currency)
        json.field(ProductKey.price.rawValue, p.price)
        json.field(ProductKey.bargainPrice.rawValue, p.bargainPrice)
        json.field(ProductKey.discountedPrice.rawValue, p.discountedPrice)
        json.field(ProductKey.stock.rawValue, p.stock)
        json.field(ProductKey.createdAt.rawValue, p.createdAt)
        json.field(ProductKey.issuedAt.rawValue, p.issuedAt)
    }
}

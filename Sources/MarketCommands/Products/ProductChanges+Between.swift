import OpenMarketAPI

extension ProductChanges {
    /// The fields of `wanted` that differ from `current`: what an edit sends.
    public static func between(_ current: ProductSummary, _ wanted: NewProduct) -> ProductChanges {
        var changes = ProductChanges()
        if wanted.name != current.name { changes.name = wanted.name }
        if wanted.description != current.description { changes.description = wanted.description }
        if wanted.price != current.price.amount { changes.price = wanted.price }
        if wanted.currency != current.currency { changes.currency = wanted.currency }
        if wanted.discountedPrice != current.discountedPrice.amount { changes.discountedPrice = wanted.discountedPrice }
        if wanted.stock != current.stock { changes.stock = wanted.stock }
        return changes
    }

    /// What an edit sends: the fields of `wanted` that differ from `current` — or, when none does, the stock
    /// as it is, so that the market still says whether the product is the vendor's (a product of another
    /// vendor is refused, not "changed" by nothing). Such a write changes no field but the market's
    /// updated time.
    public static func edit(_ current: ProductSummary, _ wanted: NewProduct) -> ProductChanges {
        let changes = between(current, wanted)
        return changes == ProductChanges() ? ProductChanges(stock: current.stock) : changes
    }
}

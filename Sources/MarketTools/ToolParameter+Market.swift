import MarketWords

/// The parameters several tools share, with the market's words and bounds (``ListingOrder``, ``ProductRules``).
extension ToolParameter {
    /// A product's id.
    public static let productID = ToolParameter("id", "The product's id.", .integer(1...Int.max), required: true)

    /// A listing's order.
    public static let sort = ToolParameter("sort", "\(ListingOrder.spoken).", .text(words: ListingOrder.allCases.map(\.rawValue)))
    /// Only products in stock.
    public static let inStock = ToolParameter("in_stock", "Only products in stock.", .boolean)
    /// The page.
    public static let page = ToolParameter("page", "The page, from 1.", .integer(ProductRules.pageNumbers.lowerBound...Int.max))
    /// Products a page.
    public static let perPage = ToolParameter(
        "per_page",
        "Products a page, \(ProductRules.itemsPerPage.lowerBound) to \(ProductRules.itemsPerPage.upperBound) (default \(ProductRules.defaultItemsPerPage)).",
        .integer(ProductRules.itemsPerPage))
    /// The order, filter and page of a listing, as both listing tools take them.
    public static let listing = [sort, inStock, page, perPage]

    /// A product's name.
    public static let name = ToolParameter(
        "name", "\(ProductRules.nameLength.lowerBound) to \(ProductRules.nameLength.upperBound) characters.",
        .text(length: ProductRules.nameLength))
    /// A product's description.
    public static let description = ToolParameter(
        "description",
        "\(ProductRules.descriptionLength.lowerBound) to \(ProductRules.descriptionLength.upperBound.grouped) characters.",
        .text(length: ProductRules.descriptionLength))
    /// A product's price.
    public static let price = ToolParameter("price", "A number of 0 or more: 12000, 12,000 or 2.36.", .text())
    /// A product's currency.
    public static let currency = ToolParameter(
        "currency", "\(MarketCurrency.spoken).", .text(words: MarketCurrency.allCases.map(\.rawValue)))
    /// The amount off a product's price.
    public static let discount = ToolParameter("discount", "An amount off the price, at most the price (default 0).", .text())
    /// A product's stock.
    public static let stock = ToolParameter("stock", "How many are in stock, a whole number (default 0).", .text())
    /// A product's fields, as register and edit take them.
    public static let fields = [name, description, price, currency, discount, stock]
}

/// What is shown over the product list, one layer of `BrowserState.presented`.
public enum Presentation: Sendable, Equatable {
    case detail(DetailState)
    case form(ProductFormState)
    case confirmation(Confirmation)
    case help(HelpState)
    case search(SearchState)
    case priceRange(PriceRangeLine)
    case wishList(WishListView)
    case palette(PaletteState)
    case pictureWindow(PictureWindowState)
    case about(AboutState)
    case bulk(BulkState)

    /// The feature, for drawing and hints.
    var feature: any PresentedFeature {
        switch self {
        case .detail(let feature): feature
        case .form(let feature): feature
        case .confirmation(let feature): feature
        case .help(let feature): feature
        case .search(let feature): feature
        case .priceRange(let feature): feature
        case .wishList(let feature): feature
        case .palette(let feature): feature
        case .pictureWindow(let feature): feature
        case .about(let feature): feature
        case .bulk(let feature): feature
        }
    }

    /// Routes input to the feature and keeps its new state (the feature says which case it is: `presented`).
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        var feature = self.feature
        defer { self = feature.presented }
        return feature.handle(input, context: context)
    }

    /// Routes an answer to the feature; `.notMine` unless it is addressed to this one.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        var feature = self.feature
        defer { self = feature.presented }
        return feature.receive(event, context: context)
    }
}

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
        }
    }

    /// Routes input to the feature and keeps its new state.
    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch self {
        case .detail(var feature):
            defer { self = .detail(feature) }
            return feature.handle(input, context: context)
        case .form(var feature):
            defer { self = .form(feature) }
            return feature.handle(input, context: context)
        case .confirmation(var feature):
            defer { self = .confirmation(feature) }
            return feature.handle(input, context: context)
        case .help(var feature):
            defer { self = .help(feature) }
            return feature.handle(input, context: context)
        case .search(var feature):
            defer { self = .search(feature) }
            return feature.handle(input, context: context)
        case .priceRange(var feature):
            defer { self = .priceRange(feature) }
            return feature.handle(input, context: context)
        case .wishList(var feature):
            defer { self = .wishList(feature) }
            return feature.handle(input, context: context)
        case .palette(var feature):
            defer { self = .palette(feature) }
            return feature.handle(input, context: context)
        case .pictureWindow(var feature):
            defer { self = .pictureWindow(feature) }
            return feature.handle(input, context: context)
        }
    }

    /// Routes an answer to the feature it is addressed to; `.notMine` from every other layer.
    mutating func receive(_ event: PresentedEvent, context: PresentationContext) -> Outcome<PresentationAction> {
        switch (self, event) {
        case (.form(var form), .form(let mode, let event)) where form.mode == mode:
            defer { self = .form(form) }
            return .handled(form.receive(event).map { form.presentationAction($0, palette: context.palette) })
        case (.detail(var detail), .detail(let id, let event)) where detail.summary.id == id:
            defer { self = .detail(detail) }
            return .handled(detail.receive(event))
        default:
            return .notMine
        }
    }
}

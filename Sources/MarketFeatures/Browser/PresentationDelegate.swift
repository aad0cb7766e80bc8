/// What a presented feature tells the browser, each in its own words (its nested `Delegate` type): a
/// case per feature that tells it anything, as a TCA parent hears `.child(.delegate(…))`. The browser
/// reacts to these alone (`BrowserState.hear`); what a feature does inside is its own.
public enum PresentationDelegate: Sendable, Equatable {
    case form(ProductFormState.Delegate)
    case confirmation(Confirmation.Delegate)
    case search(SearchState.Delegate)
    case priceRange(PriceRangeLine.Delegate)
    case wishList(WishListView.Delegate)
    case palette(PaletteState.Delegate)
    case pictureWindow(PictureWindowState.Delegate)
    case bulk(BulkState.Delegate)
}

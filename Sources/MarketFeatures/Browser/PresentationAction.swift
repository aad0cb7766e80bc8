public import OpenMarketAPI

/// What a presented feature (detail, form, question, help, search line) asks of the stack, in a
/// `Outcome.handled`, for a key, a click or an answer addressed to it.
/// The browser carries these out: it runs effects, closes the feature, and maps results — a saved form,
/// a confirmed delete, a new query — to its own handlers.
public enum PresentationAction: Sendable, Equatable {
    /// Close the feature.
    case dismiss
    /// Ask the runtime for something.
    case run(BrowserEffect)
    /// The form closed: with the saved product, or cancelled.
    case formClosed(saved: ProductDetail?, registered: Bool)
    /// The question was answered yes.
    case confirmed(Confirmation.Action)
    /// Put a feature on top of the stack (a question the feature asks).
    case present(Presentation)
    /// The typed query changed (search as you type, after the debounce).
    case queryEdited(String)
    /// The typed query is to be shown now.
    case querySubmitted(String?)
    /// The search was given up: the list shows everything again.
    case queryCleared
    /// The price line was applied: only this range from now (nil: every price).
    case priceRangeChosen(PriceRange?)
    /// A product was dropped from the wish list view.
    case wishDropped(Int)
    /// A kept product is to be opened.
    case wishOpened(WishedProduct)
    /// The palette's Enter: an action to run or a product to open.
    case paletteChose(PaletteEntry.Target)
    /// The picture window closed on picture `index`: the detail below shows that one.
    case pictureWindowClosed(productID: Int, index: Int)
}

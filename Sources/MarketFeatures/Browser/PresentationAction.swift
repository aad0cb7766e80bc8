public import OpenMarketAPI

/// What a presented feature asks of the stack, in an `Outcome.handled`, for a key, a click or an answer
/// addressed to it: the stack's own operations (close it, run an effect, put a feature on top), or words
/// for the browser in the feature's own terms (`delegate`), the only thing the browser hears from it.
public enum PresentationAction: Sendable, Equatable {
    /// Close the feature.
    case dismiss
    /// Ask the runtime for something (for the feature: `BrowserEffect.owner` names it when it is its work).
    case run(BrowserEffect)
    /// Put a feature on top of the stack (a question the feature asks).
    case present(Presentation)
    /// Tell the browser what came of it: a saved form, a confirmed delete, a query due …
    case delegate(PresentationDelegate)
}

import ImagePipeline
import MarketFeatures

/// What a runtime task is doing, so that a newer task of the same key replaces it, and work for a layer of
/// the presentation stack is cancelled once that layer is gone.
enum EffectKey: Hashable, Sendable {
    /// Reading the terminal's input.
    case input
    /// The poll interval timer.
    case pollTimer
    /// The spinner's ticks.
    case spinner
    /// The timer that draws a frame when a failed picture is due to be asked for again.
    case pictureWake
    case page
    case poll
    case register
    case update(id: Int)
    case delete(id: Int)
    /// A look at kept products.
    case wishCheck
    /// Reading the kept wish list at start.
    case wishLoad
    /// A save of the wish list (each its own, so none replaces another; the store orders them).
    case wishSave(generation: Int)
    /// Work a layer asked for (`BrowserEffect.owner`), wanted while a layer of that identity is presented.
    case layer(PresentationID, LayerWork)

    /// The kinds of work a layer asks for; a layer has one task of each at a time (a picture one per file).
    enum LayerWork: Hashable, Sendable {
        case detail
        case debounce
        case search
        case picture(path: String)
        case completion
        case images
    }

    /// The layer the task works for (nil: the browser's own, which runs until it ends or is replaced).
    var owner: PresentationID? {
        if case .layer(let owner, _) = self { owner } else { nil }
    }
}

import ImagePipeline
import MarketFeatures

/// What a runtime task is doing, so it can be replaced, and cancelled once the state no longer wants it.
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
    case detail(id: Int)
    case searchDebounce
    case register
    case update(id: Int)
    case delete(id: Int)
    case preparePicture(path: String)
    case completePath
    case formImages(id: Int)
    /// A look at kept products.
    case wishCheck
    /// Reading the kept wish list at start.
    case wishLoad
    /// The palette's typing pause, and its search of the market (wanted while it is open).
    case paletteDebounce
    case paletteSearch
    /// A save of the wish list (each its own, so none replaces another; the store orders them).
    case wishSave(generation: Int)

    /// Whether the task is still wanted in `state`. Writes are always wanted: once sent, they finish (unless
    /// the browser quits). Picture loads are not here: `Pictures` keeps those the last frame wants.
    func isWanted(in state: BrowserState) -> Bool {
        switch self {
        case .input, .pollTimer, .poll, .register, .update, .delete, .pictureWake, .wishCheck, .wishSave, .wishLoad:
            true
        case .spinner:
            // Not for the poll, which is silent: under `openmarket ssh` a thousand browsers each ticking while a
            // slow poll was in flight drew ten frames a second each and took the machine down.
            state.isBusy
        case .page:
            state.catalog.pageRequest != nil
        case .detail(let id):
            state.presented.contains { if case .detail(let detail) = $0 { detail.summary.id == id && detail.isLoading } else { false } }
        case .searchDebounce:
            state.searchLine != nil
        case .paletteDebounce, .paletteSearch:
            state.presented.contains { if case .palette = $0 { true } else { false } }
        case .preparePicture(let path):
            state.form?.loadingPictures.contains(path) == true
        case .completePath:
            state.form != nil
        case .formImages(let id):
            state.form?.productID == id
        }
    }
}

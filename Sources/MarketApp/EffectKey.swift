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
    /// A bulk change's writes.
    case bulk(job: Int)
    /// A look at kept products.
    case wishCheck
    /// Which vendor the writer is.
    case vendor
    /// Following the market's change stream.
    case changes
    /// Telling the market what this browser looks at.
    case look
    /// The end of a changed product's mark.
    case freshMark(id: Int)
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

        /// The kind of work `effect` is for the layer that asked for it.
        init?(_ effect: BrowserEffect) {
            switch effect {
            case .loadDetail: self = .detail
            case .scheduleSearch, .schedulePaletteSearch: self = .debounce
            case .searchPalette: self = .search
            case .preparePicture(let path, _, _): self = .picture(path: path)
            case .completePath: self = .completion
            case .loadFormImages: self = .images
            case .loadPage, .pollFirstPage, .registerProduct, .updateProduct, .deleteProduct, .bulkWrite, .copy, .checkWishes, .findVendor,
                .saveWishList, .followChanges, .expireFreshMark, .reportLook, .quit:
                return nil
            }
        }
    }

    /// The task `effect` runs as: work for a layer under the layer that asked for it (`BrowserEffect.owner`,
    /// the one place that says whose work is whose), the browser's own by its kind; nil for an effect that
    /// starts no task (copying, quitting).
    init?(_ effect: BrowserEffect) {
        if let owner = effect.owner {
            guard let work = LayerWork(effect) else { return nil }
            self = .layer(owner, work)
            return
        }
        switch effect {
        case .loadPage: self = .page
        case .pollFirstPage: self = .poll
        case .registerProduct: self = .register
        case .updateProduct(let id, _): self = .update(id: id)
        case .deleteProduct(let id): self = .delete(id: id)
        case .bulkWrite(let job): self = .bulk(job: job.id)
        case .checkWishes: self = .wishCheck
        case .findVendor: self = .vendor
        case .saveWishList(_, let generation): self = .wishSave(generation: generation)
        case .followChanges: self = .changes
        case .reportLook: self = .look
        case .expireFreshMark(let id, _, _): self = .freshMark(id: id)
        case .loadDetail, .preparePicture, .completePath, .loadFormImages, .scheduleSearch, .schedulePaletteSearch,
            .searchPalette, .copy, .quit:
            return nil
        }
    }

    /// The layer the task works for (nil: the browser's own, which runs until it ends or is replaced).
    var owner: PresentationID? {
        if case .layer(let owner, _) = self { owner } else { nil }
    }
}

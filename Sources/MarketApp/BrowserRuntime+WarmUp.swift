import MarketFeatures
import OpenMarketAPI

extension BrowserRuntime {
    /// Makes the loop's own generic types once — the metadata the Swift runtime instantiates on their first use —
    /// with no thread, task, file or terminal: what a session template does before it forks browsers, so that each
    /// browser finds them made (perf of forked starts, issue 36).
    public static func warmUp() {
        _ = EventQueue<Event>()
        _ = TaskKeeper<EffectKey>()
        _ = CatalogMemo()
        _ = Pictures(CellPictures()) { _ in throw CancellationError() }
        // A page's answer as the loop holds it (its metadata, asked when the first is let go of; named, so that the
        // metadata is made here and not optimized away).
        _ = String(describing: Optional<Result<ProductPage, BrowserFailure>>.self)
    }
}

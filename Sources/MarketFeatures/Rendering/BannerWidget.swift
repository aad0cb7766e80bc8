import TerminalUI

/// The banner line under the title: an error (with "r to retry" when a page can be retried), or how
/// many new products the poll found.
struct BannerWidget: Widget {
    let catalog: CatalogState
    let theme: Theme

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard !area.isEmpty else { return }
        if let message = catalog.errorMessage {
            canvas.fill(area, style: theme.error)
            let retry = catalog.failedRequest != nil ? " — r to retry" : ""
            canvas.put(" ! " + message + retry, x: area.x, y: area.y, style: theme.error, maxWidth: area.width)
        } else if catalog.newProductCount > 0 {
            canvas.fill(area, style: theme.banner)
            let count = catalog.newProductCount
            let shown = count >= catalog.itemsPerPage ? "\(count)+" : "\(count)"
            let noun = count == 1 ? "new product" : "new products"
            canvas.put(" \(shown) \(noun) — r to refresh", x: area.x, y: area.y, style: theme.banner, maxWidth: area.width)
        }
    }
}

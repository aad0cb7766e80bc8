import TerminalUI

/// The banner line under the title: an error (with "r to retry" when a page can be retried), a change to a
/// product on the wish list, or how many new products the poll found.
struct BannerWidget: Widget {
    let catalog: CatalogState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard !area.isEmpty else { return }
        let theme = context.theme
        let refresh = context.keymap.hint(.refresh)
        if let message = catalog.pageFailure {
            canvas.fill(area, style: theme.error)
            let line = context.text(.bannerError(message, retryKey: catalog.failedRequest != nil ? refresh : nil))
            canvas.put(" ! " + line, x: area.x, y: area.y, style: theme.error, maxWidth: area.width)
        } else if let news = catalog.wishNews.first {
            canvas.fill(area, style: theme.banner)
            let say = { (name: String, more: Int) in
                context.text(.wishBanner(name: name, change: news.phrase, more: more, listKey: context.keymap.hint(.wishList)))
            }
            // Where the line is too wide, the count of more news goes first (the list shows them), then the
            // name gives way: the prices and the key are the news.
            let name = TerminalText.sanitized(news.name)
            var line = say(name, catalog.wishNews.count - 1)
            if DisplayWidth.of(line) + 1 > area.width { line = say(name, 0) }
            let over = DisplayWidth.of(line) + 1 - area.width
            if over > 0 {
                line = say(TerminalText.truncated(name, toWidth: max(6, DisplayWidth.of(name) - over)), 0)
            }
            canvas.put(" " + line, x: area.x, y: area.y, style: theme.banner, maxWidth: area.width)
        } else if catalog.newProductCount > 0 {
            canvas.fill(area, style: theme.banner)
            let count = catalog.newProductCount
            let shown = count >= catalog.itemsPerPage ? "\(count)+" : "\(count)"
            let line = context.text(.newProducts(shown: shown, count: count, refreshKey: refresh))
            canvas.put(" " + line, x: area.x, y: area.y, style: theme.banner, maxWidth: area.width)
        }
    }
}

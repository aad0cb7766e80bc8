import TerminalUI

/// The title line: the app, the server, the layout; on the right the filters and how many products.
struct TitleBarWidget: Widget {
    let state: BrowserState
    let theme: Theme

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let catalog = state.catalog
        canvas.fill(area, style: theme.title)
        var left = " openmarket"
        if !state.serverLabel.isEmpty { left += "  ·  " + state.serverLabel }
        left += "  ·  " + catalog.layoutKind.rawValue
        canvas.put(left, x: area.x, y: area.y, style: theme.title, maxWidth: area.width)
        var right = catalog.mineOnly ? "mine  " : ""
        if let query = catalog.query { right += "search: " + TerminalText.sanitized(query) + "  " }
        if catalog.query != catalog.listedQuery, catalog.pageRequest?.replaces == true {
            // A new search's first page is on its way: the products still shown are not what it found.
            right += "searching… "
        } else {
            let count = catalog.products.count
            right += catalog.hasNext ? "\(count)+ products " : count == 1 ? "1 product " : "\(count) products "
        }
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= area.width {
            canvas.put(right, x: area.maxX - width, y: area.y, style: theme.title)
        }
    }
}

import TerminalUI

/// The title line: the app, the server, the layout; on the right the filters and how many products.
struct TitleBarWidget: Widget {
    let state: BrowserState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let catalog = state.catalog
        let theme = context.theme
        canvas.fill(area, style: theme.title)
        var left = " openmarket"
        if !state.serverLabel.isEmpty { left += "  ·  " + state.serverLabel }
        left += "  ·  " + context.text(.layoutName(grid: catalog.layoutKind == .grid))
        canvas.put(left, x: area.x, y: area.y, style: theme.title, maxWidth: area.width)
        var right = catalog.mineOnly ? context.text(.mineTag) + "  " : ""
        if let query = catalog.query { right += context.text(.searchTag(TerminalText.sanitized(query))) + "  " }
        if catalog.query != catalog.listedQuery, catalog.pageRequest?.replaces == true {
            // A new search's first page is on its way: the products still shown are not what it found.
            right += context.text(.searching) + " "
        } else {
            let count = catalog.products.count
            right += context.text(.productCount(count, more: catalog.hasNext)) + " "
        }
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= area.width {
            canvas.put(right, x: area.maxX - width, y: area.y, style: theme.title)
        }
    }
}

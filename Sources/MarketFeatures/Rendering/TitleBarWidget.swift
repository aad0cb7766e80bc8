import TerminalUI

/// The title line: the app, the server, the layout, how many are here; on the right the filters and how many products.
struct TitleBarWidget: Widget {
    let state: BrowserState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        line(area).draw(area, into: &canvas)
    }

    /// The line as drawn in `area`.
    func line(_ area: Rect) -> ScreenLine {
        let catalog = state.catalog
        let theme = context.theme
        var line = ScreenLine(fill: theme.title)
        let layoutName = "  ·  " + context.text(.layoutName(grid: catalog.layoutKind == .grid))
        var left = " openmarket" + (state.serverLabel.isEmpty ? "" : "  ·  " + state.serverLabel) + layoutName
        var right = catalog.mineOnly ? context.text(.mineTag) + "  " : ""
        // The writer's products sold out and low, when only theirs are listed (dropped first when the line is
        // too narrow for it).
        var counts = ""
        if let mine = catalog.onlyVendorID {
            let stock = catalog.stockCounts(of: mine, lowStock: context.lowStock)
            let parts = [
                stock.soldOut.map { context.text(.mineSoldOut($0, more: !stock.soldOutComplete)) },
                stock.low.map { context.text(.mineLow($0, more: !stock.lowComplete)) },
            ].compactMap { $0 }
            if !parts.isEmpty { counts = parts.joined(separator: " · ") + "  " }
        }
        if let query = catalog.query { right += context.text(.searchTag(TerminalText.sanitized(query))) + "  " }
        if catalog.query != catalog.listedQuery, catalog.pageRequest?.replaces == true {
            // A new search's first page is on its way: the products still shown are not what it found.
            right += context.text(.searching) + " "
        } else {
            let count = catalog.products.count
            right += context.text(.productCount(count, more: catalog.hasNext)) + " "
        }
        if !counts.isEmpty {
            // The counts before the server's address: without them a seller's view says less than it knows.
            let short = " openmarket" + layoutName
            if DisplayWidth.of(right) + DisplayWidth.of(counts) + DisplayWidth.of(left) + 2 > area.width { left = short }
            if DisplayWidth.of(right) + DisplayWidth.of(counts) + DisplayWidth.of(left) + 2 <= area.width {
                let tag = catalog.mineOnly ? context.text(.mineTag) + "  " : ""
                right = tag + counts + right.dropFirst(tag.count)
            }
        }
        // How many are here, as the market last said while its stream is followed (a count from a lost stream is
        // not shown: it may no longer be true); dropped first when the line is too narrow.
        if state.live.isLive, let browsing = state.live.browsing {
            let here = "  ·  " + context.text(.browsing(browsing))
            if DisplayWidth.of(left) + DisplayWidth.of(here) + DisplayWidth.of(right) + 2 <= area.width { left += here }
        }
        line.put(left, x: area.x, style: theme.title, maxWidth: area.width)
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= area.width {
            line.put(right, x: area.maxX - width, style: theme.title)
        }
        return line
    }
}

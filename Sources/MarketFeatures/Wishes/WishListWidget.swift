import TerminalUI

/// The wish list over the content area: a title with the count and where the list is kept, then a row per
/// kept product — its name, the price paid as last seen, and its stock, "sold out" or "gone from the market".
struct WishListWidget: Widget {
    let view: WishListView
    let context: RenderContext

    /// The list it draws: the browser's own, read through the context (never a copy).
    var wishes: WishesState { context.wishes }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard area.width > 4, area.height > 2 else { return }
        let products = wishes.list.products
        let selectedIndex = view.selection(in: products)
        let theme = context.theme
        canvas.fill(area)
        report.cover(area)
        canvas.put(" \(theme.heart) " + context.text(.wishTitle(products.count)), x: area.x, y: area.y, style: theme.name, maxWidth: area.width)
        // Where it is kept: wrapped in a narrow window (two lines at most), never cut mid-sentence unseen.
        let place = TerminalText.wrapped(context.text(wishes.place.phrase), width: area.width - 1, maxLines: 2)
        for (n, line) in place.enumerated() {
            canvas.put(" " + line, x: area.x, y: area.y + 1 + n, style: theme.muted, maxWidth: area.width)
        }
        let top = min(area.maxY, area.y + 2 + place.count)
        let rows = Rect(x: area.x + 1, y: top, width: area.width - 2, height: max(0, area.maxY - top))
        guard !products.isEmpty else {
            let empty = context.text(.wishEmpty(keepKey: context.keymap.hint(.wishToggle)))
            for (n, line) in TerminalText.wrapped(empty, width: rows.width - 1, maxLines: rows.height).enumerated() {
                canvas.put(line, x: rows.x + 1, y: rows.y + n, style: theme.muted, maxWidth: rows.width - 1)
            }
            return
        }
        let first = max(0, selectedIndex - rows.height + 1)
        for (row, index) in (first..<min(products.count, first + rows.height)).enumerated() {
            let product = products[index]
            let summary = product.summary
            let y = rows.y + row
            let status: String
            if product.gone {
                status = context.text(.wishGone)
            } else {
                status = ProductText.stock(summary, in: context.language)
            }
            let price = product.gone ? "" : ProductText.prices(summary).pay
            let right = (price.isEmpty ? "" : price + "  ") + status
            let rightWidth = DisplayWidth.of(right)
            let nameWidth = max(0, rows.width - rightWidth - 4)
            canvas.put(
                TerminalText.truncated(ProductText.name(summary), toWidth: nameWidth), x: rows.x + 2, y: y,
                style: product.gone ? theme.muted : theme.name, maxWidth: nameWidth)
            canvas.put(right, x: rows.maxX - rightWidth, y: y, style: product.gone || product.stock <= 0 ? theme.soldOut : theme.price)
            if index == selectedIndex {
                canvas.put(theme.caret, x: rows.x, y: y, style: theme.name)
                canvas.restyle(Rect(x: rows.x + 1, y: y, width: rows.width - 1, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
    }
}

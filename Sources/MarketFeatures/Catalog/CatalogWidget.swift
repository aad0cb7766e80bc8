import Foundation
import OpenMarketAPI
import TerminalUI

/// The products as list rows or grid cards, in the rectangles the layout gives them, then "loading
/// more…" or the end of the list. Reports each thumbnail's placement, and the next row's pictures as
/// upcoming so scrolling finds them ready.
struct CatalogWidget: Widget {
    let catalog: CatalogState
    let context: RenderContext
    /// The items of the last frame, copied where their inputs did not change (nil: every item laid out).
    var memo: CatalogMemo? = nil
    /// The canvas holds the last frame drawn with `memo`, pictures painted (`BrowserScreen.render(retaining:)`):
    /// when the list stands as it stood, only the items that changed are drawn, and the others reported kept.
    var retaining = false
    /// Nothing is drawn over the list in this frame: where it stands is remembered, for the next to be drawn over it.
    var alone = false

    var theme: Theme { context.theme }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let layout = catalog.layout
        let content = layout.content
        let products = catalog.products
        if products.isEmpty {
            memo?.drew(nil)
            if retaining {
                canvas.fill(content)
                report.redrawn?.append(content)
            }
            // Wrapped: a "did you mean" names two queries and two keys.
            let lines = TerminalText.wrapped(emptyMessage, width: max(1, content.width - 4), maxLines: max(1, content.height - 2))
            for (row, line) in lines.enumerated() {
                canvas.put(line, x: content.x + 2, y: content.y + 1 + row, style: theme.muted, maxWidth: content.width - 2)
            }
            return
        }
        let frames = layout.itemFrames(count: products.count, scrollRow: catalog.scrollRow)
        let look = CatalogMemo.Look(
            theme: theme, language: context.language, kind: layout.kind, thumbnailColumns: layout.thumbnailColumns,
            thumbnailRows: layout.thumbnailRows, listedQuery: catalog.listedQuery)
        let last = (frames.last?.index ?? -1) + 1
        let shape = memo.map { _ in
            CatalogMemo.Shape(
                look: look, content: content, items: frames.map { CatalogMemo.Placed(id: products[$0.index].id, frame: $0.frame) },
                end: last == products.count ? endText : nil)
        }
        // Drawn over the last frame: only when the list stands as it stood (else it is drawn again whole).
        let retained = retaining && shape != nil && memo?.shape == shape
        if retaining && !retained {
            canvas.fill(content)
            report.redrawn?.append(content)
        }
        memo?.begin(look)
        defer {
            memo?.end()
            memo?.drew(alone ? shape : nil)
        }
        for item in frames {
            let product = products[item.index]
            let selected = item.index == catalog.selectedIndex
            guard let memo else {
                if item.isWhole {
                    drawItem(&canvas, product, frame: item.frame, selected: selected, layout: layout, report: &report)
                } else {
                    let (cells, pictures) = layOut(product, selected: selected, frame: item.frame, layout: layout)
                    place(cells, pictures, at: item, into: &canvas, report: &report)
                }
                continue
            }
            // Drawn whole off screen (or copied from the last frame), then put in place: a row cut by the bottom
            // edge only its top.
            let inputs = inputs(product, selected: selected, frame: item.frame)
            if let entry = memo.item(product.id, inputs) {
                if retained {
                    // As the last frame left it, its picture included.
                    report.kept.append(item.visible)
                    report.pictures += entry.pictures.map { $0.offsetBy(dx: item.frame.x, dy: item.frame.y, clip: content) }
                } else {
                    place(entry.cells, entry.pictures, at: item, into: &canvas, report: &report)
                }
                continue
            }
            let (cells, pictures) = layOut(product, selected: selected, frame: item.frame, layout: layout)
            memo.keep(product.id, CatalogMemo.Entry(inputs: inputs, cells: cells, pictures: pictures))
            place(cells, pictures, at: item, into: &canvas, report: &report)
            // A column more on each side: a wide character the copy cut beside it was repaired there.
            if retained { report.redrawn?.append(item.visible.insetBy(dx: -1, dy: 0)) }
        }
        if last == products.count, !retained { drawEnd(&canvas, layout: layout, after: last) }
        for product in products[last..<min(products.count, last + layout.itemsPerRow)] {
            if let url = product.thumbnailURL {
                report.pictures.append(.upcoming(url: url, columns: layout.thumbnailColumns, rows: layout.thumbnailRows))
            }
        }
    }

    /// An item drawn off screen, at its frame's size, and the pictures it placed (from its top-left cell).
    func layOut(_ product: ProductSummary, selected: Bool, frame: Rect, layout: BrowserLayout) -> (Canvas, [PicturePlacement]) {
        var scratch = Canvas(width: frame.width, height: frame.height)
        var local = FrameReport()
        drawItem(&scratch, product, frame: scratch.bounds, selected: selected, layout: layout, report: &local)
        return (scratch, local.pictures)
    }

    /// An item's cells put in place (clipped to the content area), and its pictures reported there.
    func place(
        _ cells: Canvas, _ pictures: [PicturePlacement], at item: BrowserLayout.ItemFrame, into canvas: inout Canvas,
        report: inout FrameReport
    ) {
        let content = catalog.layout.content
        canvas.blit(cells, x: item.frame.x, y: item.frame.y, clip: content)
        report.pictures += pictures.map { $0.offsetBy(dx: item.frame.x, dy: item.frame.y, clip: content) }
    }

    /// What an item is laid out from, besides the frame's look (`CatalogMemo`): everything `drawItem` reads.
    func inputs(_ product: ProductSummary, selected: Bool, frame: Rect) -> CatalogMemo.Inputs {
        CatalogMemo.Inputs(
            product: product, selected: selected, width: frame.width, height: frame.height,
            wished: context.wishes.list.contains(product.id), marked: context.marks.contains(product.id),
            gone: context.gone.contains(product.id), fresh: context.fresh.contains(product.id), low: context.isLow(product))
    }

    var emptyMessage: String {
        if catalog.pageRequest != nil { return context.text(.loadingList) }
        if let range = catalog.filter.priceRange, !catalog.allProducts.isEmpty, !catalog.mineOnly {
            let text = TerminalText.sanitized(range.formatted)
            return context.text(
                catalog.hasNext ? .lookingInRange(range: text) : .noneInRange(range: text, changeKey: context.keymap.hint(.filterPrice)))
        }
        if catalog.filter.inStockOnly && !catalog.allProducts.isEmpty && !catalog.mineOnly {
            return context.text(catalog.hasNext ? .lookingInStock : .noneInStock(allKey: context.keymap.hint(.filterInStock)))
        }
        if catalog.mineOnly {
            return context.text(catalog.hasNext ? .lookingForMine : .noneOfMine(registerKey: context.keymap.hint(.register)))
        }
        if let query = catalog.query {
            let clearKey = context.keymap.label([.searchClear])
            if let suggestion = catalog.searchSuggestion, catalog.listedQuery == query {
                return context.text(
                    .noMatchSuggesting(
                        query: TerminalText.sanitized(query), suggestion: suggestion, searchKey: context.keymap.label([.open]),
                        clearKey: clearKey))
            }
            return context.text(.noMatch(query: TerminalText.sanitized(query), clearKey: clearKey))
        }
        return context.text(.noProducts)
    }

    /// What follows the last product: "loading more…", "could not load more", or the end of the list.
    var endText: String {
        if catalog.pageRequest != nil { return context.spinner + " " + context.text(.loadingMore) }
        if catalog.failedRequest != nil { return context.text(.couldNotLoadMore(retryKey: context.keymap.hint(.refresh))) }
        if !catalog.hasNext { return context.text(.endOfList(count: catalog.products.count)) }
        return ""
    }

    /// After the last product: `endText`.
    func drawEnd(_ canvas: inout Canvas, layout: BrowserLayout, after last: Int) {
        let content = layout.content
        let slot = layout.slot(row: layout.row(of: last) - catalog.scrollRow, column: last % layout.itemsPerRow)
        guard slot.y < content.maxY else { return }
        let frame = Rect(x: slot.x, y: slot.y, width: slot.width, height: min(slot.height, content.maxY - slot.y))
        let text = endText
        let row =
            layout.kind == .list
            ? Rect(x: content.x, y: frame.y + min(1, frame.height - 1), width: content.width, height: 1)
            : Rect(x: frame.x, y: frame.y + frame.height / 2, width: frame.width, height: 1)
        canvas.put(
            text, x: row.x + max(0, (row.width - DisplayWidth.of(text)) / 2), y: row.y, style: theme.muted,
            maxWidth: row.width)
    }

    func drawItem(
        _ canvas: inout Canvas, _ product: ProductSummary, frame: Rect, selected: Bool, layout: BrowserLayout,
        report: inout FrameReport
    ) {
        if layout.kind == .list {
            drawListRow(&canvas, product, frame: frame, selected: selected, layout: layout, report: &report)
        } else {
            drawCard(&canvas, product, frame: frame, selected: selected, layout: layout, report: &report)
        }
    }

    /// A quiet placeholder in `box`, and the picture's placement there (the painter draws over it).
    func placePicture(_ canvas: inout Canvas, url: URL?, box: Rect, report: inout FrameReport) {
        guard let url else {
            canvas.put(theme.ascii ? "-" : "·", x: box.x + box.width / 2, y: box.y + box.height / 2, style: theme.muted)
            return
        }
        canvas.put(theme.ascii ? "." : "░", x: box.x + box.width / 2, y: box.y + box.height / 2, style: theme.muted)
        report.place(url, in: box)
    }
}

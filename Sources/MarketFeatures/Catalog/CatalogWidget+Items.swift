import Foundation
import MarketSearch
import OpenMarketAPI
import TerminalUI

extension CatalogWidget {
    func drawListRow(
        _ canvas: inout Canvas, _ p: ProductSummary, frame: Rect, selected: Bool, layout: BrowserLayout,
        report: inout FrameReport
    ) {
        let (caretArea, rest) = frame.splitLeft(2)
        let (thumb, textArea) = rest.splitLeft(layout.thumbnailColumns)
        let text = Rect(x: textArea.x + 1, y: textArea.y, width: textArea.width - 2, height: textArea.height)
        if selected {
            canvas.put(theme.caret, x: caretArea.x, y: caretArea.y + 1, style: theme.name)
        }
        if context.wishes.list.contains(p.id) { canvas.put(theme.heart, x: caretArea.x, y: caretArea.y, style: theme.discount) }
        if context.marks.contains(p.id), caretArea.height > 2 {
            canvas.put(theme.mark, x: caretArea.x, y: caretArea.y + 2, style: theme.hintKey)
        }
        placePicture(&canvas, url: p.thumbnailURL, box: thumb, report: &report)

        if context.gone.contains(p.id) {
            drawGoneRow(&canvas, p, text: text, selected: selected)
            return
        }
        let (pay, original) = ProductText.prices(p)
        let (stock, stockStyle) = context.stock(p)
        let rightWidth = min(max(DisplayWidth.of(pay) + (original.map { DisplayWidth.of($0) + 1 } ?? 0), DisplayWidth.of(stock)), text.width / 2)
        let leftWidth = max(0, text.width - rightWidth - 2)
        let fit = { (s: String) in TerminalText.truncated(s, toWidth: leftWidth) }
        putName(&canvas, fit(ProductText.name(p)), x: text.x, y: text.y, width: leftWidth)
        canvas.put(fit(ProductText.vendor(p, in: context.language)), x: text.x, y: text.y + 1, style: theme.vendor, maxWidth: leftWidth)
        canvas.put(fit(ProductText.teaser(p)), x: text.x, y: text.y + 2, style: theme.muted, maxWidth: leftWidth)

        if let original, DisplayWidth.of(pay) + DisplayWidth.of(original) + 1 <= rightWidth {
            let x = text.maxX - DisplayWidth.of(pay) - 1 - DisplayWidth.of(original)
            canvas.put(pay, x: x, y: text.y, style: context.live(theme.price, p))
            canvas.put(original, x: text.maxX - DisplayWidth.of(original), y: text.y, style: theme.originalPrice)
        } else {
            let x = text.maxX - min(rightWidth, DisplayWidth.of(pay))
            canvas.put(pay, x: x, y: text.y, style: context.live(theme.price, p), maxWidth: text.maxX - x)
        }
        let stockX = text.maxX - min(rightWidth, DisplayWidth.of(stock))
        canvas.put(stock, x: stockX, y: text.y + 1, style: context.live(stockStyle, p), maxWidth: rightWidth)
        if original != nil {
            let percent = p.price.amount > 0 ? (p.discountedPrice.amount / p.price.amount * 100) : 0
            let off = context.text(.percentOff(ProductText.rounded(percent)))
            let offX = text.maxX - min(rightWidth, DisplayWidth.of(off))
            canvas.put(off, x: offX, y: text.y + 2, style: theme.discount, maxWidth: rightWidth)
        }
        if selected {
            // Reverse video on the name line only: visible without colour, and cheap to move over SSH.
            canvas.restyle(Rect(x: text.x - 1, y: text.y, width: text.width + 2, height: 1)) {
                $0.attributes.insert(.reverse)
            }
        }
    }

    func drawCard(
        _ canvas: inout Canvas, _ p: ProductSummary, frame: Rect, selected: Bool, layout: BrowserLayout,
        report: inout FrameReport
    ) {
        canvas.box(frame, style: theme.border, ascii: theme.ascii)
        if selected {
            // The top edge and the name line mark the selection: visible without colour, cheap to move.
            canvas.restyle(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1)) { $0 = theme.selectedBorder }
            canvas.put(theme.caret, x: frame.x, y: frame.y, style: theme.selectedBorder)
        }
        if context.wishes.list.contains(p.id), frame.width > 8 {
            let heart = " " + theme.heart + " "
            canvas.put(heart, x: frame.maxX - DisplayWidth.of(heart) - 1, y: frame.y, style: theme.discount)
        }
        if context.marks.contains(p.id), frame.width > 12 {
            canvas.put(" " + theme.mark + " ", x: frame.x + 2, y: frame.y, style: theme.hintKey)
        }
        let inner = frame.insetBy(dx: 1, dy: 1)
        let (thumb, below) = inner.splitTop(layout.thumbnailRows)
        placePicture(&canvas, url: p.thumbnailURL, box: thumb, report: &report)
        if context.gone.contains(p.id) {
            canvas.put(TerminalText.truncated(ProductText.name(p), toWidth: below.width), x: below.x, y: below.y, style: theme.muted, maxWidth: below.width)
            canvas.put(context.text(.goneTag), x: below.x, y: below.y + 1, style: theme.soldOut, maxWidth: below.width)
            if selected {
                canvas.restyle(Rect(x: below.x, y: below.y, width: below.width, height: 1)) { $0.attributes.insert(.reverse) }
            }
            return
        }
        putName(&canvas, TerminalText.truncated(ProductText.name(p), toWidth: below.width), x: below.x, y: below.y, width: below.width)
        let (pay, original) = ProductText.prices(p)
        var x = below.x
        x += canvas.put(pay, x: x, y: below.y + 1, style: context.live(theme.price, p), maxWidth: below.width)
        if let original, x + 1 + DisplayWidth.of(original) <= below.maxX {
            canvas.put(original, x: x + 1, y: below.y + 1, style: theme.originalPrice)
        }
        if below.height >= 3 {
            let (stock, style) = context.stock(p)
            canvas.put(stock, x: below.x, y: below.y + 2, style: context.live(style, p), maxWidth: below.width)
        }
        if selected {
            canvas.restyle(Rect(x: below.x, y: below.y, width: below.width, height: 1)) { $0.attributes.insert(.reverse) }
        }
    }

    /// A product the market's stream said was deleted, where it stood: its name muted, "deleted" where its
    /// price was.
    func drawGoneRow(_ canvas: inout Canvas, _ p: ProductSummary, text: Rect, selected: Bool) {
        let tag = context.text(.goneTag)
        let leftWidth = max(0, text.width - DisplayWidth.of(tag) - 2)
        canvas.put(TerminalText.truncated(ProductText.name(p), toWidth: leftWidth), x: text.x, y: text.y, style: theme.muted, maxWidth: leftWidth)
        canvas.put(tag, x: text.maxX - DisplayWidth.of(tag), y: text.y, style: theme.soldOut, maxWidth: text.width)
        if selected {
            canvas.restyle(Rect(x: text.x - 1, y: text.y, width: text.width + 2, height: 1)) { $0.attributes.insert(.reverse) }
        }
    }

    /// A product's name as shown, the letters the search matched marked (`SearchMarks`: the rules the server
    /// ranked by).
    func putName(_ canvas: inout Canvas, _ name: String, x: Int, y: Int, width: Int) {
        guard let query = catalog.listedQuery, !query.isEmpty else {
            canvas.put(name, x: x, y: y, style: theme.name, maxWidth: width)
            return
        }
        let marks = Set(SearchMarks.ranges(in: name, for: query).flatMap { $0 })
        canvas.putMarked(name, marks: marks, x: x, y: y, width: width, style: theme.name, marked: theme.hintKey)
    }
}

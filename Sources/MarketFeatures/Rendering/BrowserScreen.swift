public import ImagePipeline
import OpenMarketAPI
public import TerminalUI

/// Draws the whole browser from its state into a canvas: title, banner, list or grid, detail, help,
/// status and key hints. Pure: the pictures it can show are handed in, and it reports which pictures
/// it wanted, so the runtime can load those and cancel the rest.
public struct BrowserScreen {
    public let state: BrowserState
    public let images: [ImageCacheKey: CellImage]
    public let theme: Theme

    public init(state: BrowserState, images: [ImageCacheKey: CellImage], ascii: Bool = false) {
        self.state = state
        self.images = images
        theme = Theme(mode: state.colorMode, ascii: ascii)
    }

    /// Draws into `canvas` (resized to the state's screen size) and returns the pictures wanted, most urgent first.
    public func render(into canvas: inout Canvas) -> [ImageCacheKey] {
        canvas = Canvas(width: state.size.columns, height: state.size.rows)
        var wanted: [ImageCacheKey] = []
        if state.size.isTooSmall {
            drawTooSmall(&canvas)
            return []
        }
        let layout = state.layout
        let starting = state.isStarting && state.products.isEmpty && state.detail == nil
        drawHeader(&canvas, layout.header)
        if !starting { drawBanner(&canvas, layout.banner) }
        if let form = state.form {
            FormScreen(form: form, theme: theme, images: images, palette: palette, spinnerFrame: state.spinnerFrame)
                .draw(
                    &canvas, in: Rect(x: 0, y: layout.header.maxY, width: canvas.width, height: layout.status.y - layout.header.maxY),
                    wanted: &wanted)
        } else if let detail = state.detail {
            DetailScreen(detail: detail, theme: theme, images: images, palette: palette)
                .draw(&canvas, in: Rect(x: 0, y: layout.header.maxY, width: canvas.width, height: layout.status.y - layout.header.maxY), wanted: &wanted)
        } else if starting {
            drawStart(&canvas, Rect(x: 0, y: layout.header.maxY, width: canvas.width, height: layout.status.y - layout.header.maxY))
        } else {
            drawProducts(&canvas, layout, wanted: &wanted)
        }
        drawStatus(&canvas, layout.status)
        drawHints(&canvas, layout.hints)
        if let confirmation = state.confirmation { drawConfirmation(&canvas, confirmation) }
        if state.showsHelp { HelpOverlay(theme: theme).draw(&canvas) }
        if theme.ascii { canvas.replaceGlyphs(Self.asciiGlyphs) }
        return wanted
    }

    /// One-column ASCII stand-ins for the East Asian "ambiguous" characters the screens use.
    static let asciiGlyphs: [String: String] = [
        "…": ".", "·": "|", "—": "-", "−": "-", "×": "x", "“": "\"", "”": "\"", "▶": ">", "◀": "<", "←": "<",
        "→": ">", "↑": "^", "↓": "v", "⏎": "~", "░": ".", "▏": "_", "│": "|", "─": "-", "┌": "+", "┐": "+",
        "└": "+", "┘": "+",
    ]

    var palette: PaletteKind { theme.ascii ? .monochrome : state.colorMode.palette }

    // MARK: Frame

    func drawHeader(_ canvas: inout Canvas, _ rect: Rect) {
        canvas.fill(rect, style: theme.title)
        var left = " openmarket"
        if !state.serverLabel.isEmpty { left += "  ·  " + state.serverLabel }
        left += "  ·  " + state.layoutKind.rawValue
        canvas.put(left, x: rect.x, y: rect.y, style: theme.title, maxWidth: rect.width)
        var right = state.mineOnly ? "mine  " : ""
        if let query = state.search.applied { right += "search: " + TerminalText.sanitized(query) + "  " }
        right += state.hasNext ? "\(state.products.count)+ products " : "\(state.products.count) products "
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= rect.width {
            canvas.put(right, x: rect.maxX - width, y: rect.y, style: theme.title)
        }
    }

    func drawBanner(_ canvas: inout Canvas, _ rect: Rect) {
        guard !rect.isEmpty else { return }
        if let message = state.errorMessage {
            canvas.fill(rect, style: theme.error)
            let retry = state.failedRequest != nil ? " — r to retry" : ""
            canvas.put(" ! " + message + retry, x: rect.x, y: rect.y, style: theme.error, maxWidth: rect.width)
        } else if state.newProductCount > 0 {
            canvas.fill(rect, style: theme.banner)
            let count = state.newProductCount >= state.itemsPerPage ? "\(state.newProductCount)+" : "\(state.newProductCount)"
            let noun = state.newProductCount == 1 ? "new product" : "new products"
            canvas.put(" \(count) \(noun) — r to refresh", x: rect.x, y: rect.y, style: theme.banner, maxWidth: rect.width)
        }
    }

    func drawStatus(_ canvas: inout Canvas, _ rect: Rect) {
        if state.search.isEditing {
            let prompt = " Search: "
            canvas.put(prompt, x: rect.x, y: rect.y, style: theme.hintKey)
            let field = TerminalText.sanitized(state.search.query)
            let room = rect.width - DisplayWidth.of(prompt) - 2
            let shown = DisplayWidth.of(field) > room ? "…" + String(field.suffix(max(0, room - 1))) : field
            let used = canvas.put(shown, x: rect.x + DisplayWidth.of(prompt), y: rect.y, style: theme.plain)
            canvas.put(theme.ascii ? "_" : "▏", x: rect.x + DisplayWidth.of(prompt) + used, y: rect.y, style: theme.hintKey)
            return
        }
        var left = " "
        if let notice = state.notice {
            canvas.put(" " + notice, x: rect.x, y: rect.y, style: theme.hintKey, maxWidth: rect.width)
            return
        }
        if !state.deleting.isEmpty {
            left += theme.spinner[state.spinnerFrame % theme.spinner.count] + " deleting…"
        } else if state.isBusy || state.isPolling {
            left += theme.spinner[state.spinnerFrame % theme.spinner.count] + " "
            left += state.pageRequest != nil ? "loading…" : "checking for new products…"
        } else if let product = state.selectedProduct, state.detail == nil {
            left += "\(state.selectedIndex + 1) of \(state.products.count)\(state.hasNext ? "+" : "")  ·  #\(product.id)"
        }
        canvas.put(left, x: rect.x, y: rect.y, style: theme.muted, maxWidth: rect.width)
        let right = state.colorMode.label + " "
        let width = DisplayWidth.of(right)
        if width + DisplayWidth.of(left) + 2 <= rect.width {
            canvas.put(right, x: rect.maxX - width, y: rect.y, style: theme.muted)
        }
    }

    func drawHints(_ canvas: inout Canvas, _ rect: Rect) {
        let pairs: [(String, String)]
        if state.form != nil {
            pairs = [("Tab ↑↓", "field"), ("←→", "cursor"), ("Ctrl-S", "save"), ("Esc", "cancel")]
        } else if state.search.isEditing {
            pairs = [("type", "to search"), ("⏎", "done"), ("esc", "clear")]
        } else if state.detail != nil {
            pairs =
                [("←→", "picture"), ("↑↓", "scroll"), ("r", "reload")]
                + (state.writer != nil ? [("e", "edit"), ("d", "delete")] : [])
                + [("c", "colour"), ("?", "help"), ("q", "back")]
        } else {
            pairs = [
                ("↑↓", "move"), ("⏎", "open"), ("v", state.layoutKind == .list ? "grid" : "list"), ("/", "search"),
                ("r", "refresh"), ("c", "colour"), ("?", "help"), ("q", "quit"),
            ]
        }
        var x = rect.x + 1
        for (key, action) in pairs {
            let need = DisplayWidth.of(key) + 1 + DisplayWidth.of(action) + 2
            guard x + need <= rect.maxX else { break }
            x += canvas.put(key, x: x, y: rect.y, style: theme.hintKey)
            x += canvas.put(" " + action + "  ", x: x, y: rect.y, style: theme.hint)
        }
    }

    func drawConfirmation(_ canvas: inout Canvas, _ confirmation: Confirmation) {
        let width = min(canvas.width - 4, max(40, DisplayWidth.of(confirmation.question) + 6))
        let lines = TerminalText.wrapped(confirmation.question, width: width - 4)
        let box = Rect(
            x: (canvas.width - width) / 2, y: max(0, (canvas.height - lines.count - 5) / 2), width: width,
            height: lines.count + 5)
        canvas.fill(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        for (i, line) in lines.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, style: theme.name, maxWidth: box.width - 4)
        }
        let no = "[ No ]"
        let yes = "[ Yes ]"
        let y = box.maxY - 2
        let start = box.x + (box.width - DisplayWidth.of(no) - 3 - DisplayWidth.of(yes)) / 2
        let focused = CellStyle(attributes: [.reverse, .bold])
        canvas.put(no, x: start, y: y, style: confirmation.yesFocused ? theme.plain : focused)
        canvas.put(yes, x: start + DisplayWidth.of(no) + 3, y: y, style: confirmation.yesFocused ? focused : theme.plain)
    }

    func drawTooSmall(_ canvas: inout Canvas) {
        let lines = [
            "Terminal too small",
            "\(state.size.columns)×\(state.size.rows) — need \(ScreenSize.minimum.columns)×\(ScreenSize.minimum.rows)",
            "q quits",
        ]
        for (i, line) in lines.enumerated() {
            let y = canvas.height / 2 - 1 + i
            let x = max(0, (canvas.width - DisplayWidth.of(line)) / 2)
            canvas.put(line, x: x, y: y, style: i == 0 ? theme.name : theme.plain)
        }
    }

    func drawStart(_ canvas: inout Canvas, _ rect: Rect) {
        let lines: [(String, CellStyle)]
        if let message = state.errorMessage {
            lines = [
                ("Cannot reach the market", theme.name), ("", theme.plain), (message, theme.plain), ("", theme.plain),
                ("r to retry  ·  q to quit", theme.hint),
            ]
        } else {
            lines = [(theme.spinner[state.spinnerFrame % theme.spinner.count] + " Connecting to the market…", theme.plain)]
        }
        var y = rect.y + max(0, (rect.height - lines.count) / 2)
        for (text, style) in lines {
            for line in TerminalText.wrapped(text, width: max(10, rect.width - 4)) {
                let x = rect.x + max(0, (rect.width - DisplayWidth.of(line)) / 2)
                canvas.put(line, x: x, y: y, style: style)
                y += 1
            }
        }
    }

    // MARK: Products

    func drawProducts(_ canvas: inout Canvas, _ layout: BrowserLayout, wanted: inout [ImageCacheKey]) {
        let content = layout.content
        if state.products.isEmpty {
            let message: String
            if state.pageRequest != nil {
                message = "Loading…"
            } else if state.mineOnly {
                message = state.hasNext ? "Looking for your products…" : "You have no products here. n registers one."
            } else if let query = state.search.applied {
                message = "No products match “\(TerminalText.sanitized(query))”. Esc clears the search."
            } else {
                message = "No products yet."
            }
            canvas.put(message, x: content.x + 2, y: content.y + 1, style: theme.muted, maxWidth: content.width - 2)
            return
        }
        let first = state.scrollRow * layout.itemsPerRow
        // Full rows, and the row cut by the bottom edge (drawn clipped) so the screen is never half empty.
        let last = min(state.products.count, first + layout.visibleItems + layout.itemsPerRow)
        for index in first..<last {
            let row = layout.row(of: index) - state.scrollRow
            let column = index % layout.itemsPerRow
            let frame = Rect(
                x: content.x + column * (layout.itemWidth + (layout.kind == .grid ? 1 : 0)),
                y: content.y + row * layout.rowHeight, width: layout.itemWidth, height: layout.rowHeight)
            guard frame.y < content.maxY else { break }
            let product = state.products[index]
            let selected = index == state.selectedIndex
            if frame.maxY <= content.maxY {
                drawItem(&canvas, product, frame: frame, selected: selected, layout: layout, wanted: &wanted)
            } else {
                var scratch = Canvas(width: frame.width, height: frame.height)
                let local = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
                drawItem(&scratch, product, frame: local, selected: selected, layout: layout, wanted: &wanted)
                canvas.blit(scratch, x: frame.x, y: frame.y, clip: content)
            }
        }
        // After the last product: "loading more…" or the end of the list.
        let endRow = layout.row(of: last) - state.scrollRow
        let endY = content.y + endRow * layout.rowHeight
        if last == state.products.count, endY < content.maxY {
            let frame = Rect(
                x: content.x + (last % layout.itemsPerRow) * (layout.itemWidth + (layout.kind == .grid ? 1 : 0)),
                y: endY, width: layout.itemWidth, height: min(layout.rowHeight, content.maxY - endY))
            let text: String
            if state.pageRequest != nil {
                text = theme.spinner[state.spinnerFrame % theme.spinner.count] + " loading more…"
            } else if state.failedRequest != nil {
                text = "could not load more — r to retry"
            } else if !state.hasNext {
                text = "— end of list · \(state.products.count) products —"
            } else {
                text = ""
            }
            let row =
                layout.kind == .list
                ? Rect(x: content.x, y: frame.y + min(1, frame.height - 1), width: content.width, height: 1)
                : Rect(x: frame.x, y: frame.y + frame.height / 2, width: frame.width, height: 1)
            canvas.put(
                text, x: row.x + max(0, (row.width - DisplayWidth.of(text)) / 2), y: row.y, style: theme.muted,
                maxWidth: row.width)
        }
        // Pictures just below the screen, so scrolling finds them ready.
        for index in last..<min(state.products.count, last + layout.itemsPerRow) {
            if let url = state.products[index].thumbnailURL {
                wanted.append(key(url, layout.thumbnailColumns, layout.thumbnailRows))
            }
        }
    }

    func drawItem(
        _ canvas: inout Canvas, _ product: ProductSummary, frame: Rect, selected: Bool, layout: BrowserLayout,
        wanted: inout [ImageCacheKey]
    ) {
        if layout.kind == .list {
            drawListRow(&canvas, product, frame: frame, selected: selected, layout: layout, wanted: &wanted)
        } else {
            drawCard(&canvas, product, frame: frame, selected: selected, layout: layout, wanted: &wanted)
        }
    }

    func key(_ url: URL, _ columns: Int, _ rows: Int) -> ImageCacheKey {
        ImageCacheKey(url: url, columns: columns, rows: rows, palette: palette)
    }

    /// Draws a picture centred in `box`, or a quiet placeholder while it loads.
    func drawPicture(_ canvas: inout Canvas, url: URL?, box: Rect, wanted: inout [ImageCacheKey]) {
        guard let url else {
            canvas.put(theme.ascii ? "-" : "·", x: box.x + box.width / 2, y: box.y + box.height / 2, style: theme.muted)
            return
        }
        let k = key(url, box.width, box.height)
        wanted.append(k)
        if let image = images[k] {
            let x = box.x + (box.width - image.columns) / 2
            let y = box.y + (box.height - image.rows) / 2
            canvas.draw(image, x: x, y: y, clip: box)
        } else {
            canvas.put(theme.ascii ? "." : "░", x: box.x + box.width / 2, y: box.y + box.height / 2, style: theme.muted)
        }
    }

    func drawListRow(
        _ canvas: inout Canvas, _ p: ProductSummary, frame: Rect, selected: Bool, layout: BrowserLayout,
        wanted: inout [ImageCacheKey]
    ) {
        let (caretArea, rest) = frame.splitLeft(2)
        let (thumb, textArea) = rest.splitLeft(layout.thumbnailColumns)
        let text = Rect(x: textArea.x + 1, y: textArea.y, width: textArea.width - 2, height: textArea.height)
        if selected {
            canvas.put(theme.caret, x: caretArea.x, y: caretArea.y + 1, style: theme.name)
        }
        drawPicture(&canvas, url: p.thumbnailURL, box: thumb, wanted: &wanted)

        let (pay, original) = ProductText.prices(p)
        let stock = ProductText.stock(p)
        let rightWidth = min(max(DisplayWidth.of(pay) + (original.map { DisplayWidth.of($0) + 1 } ?? 0), DisplayWidth.of(stock)), text.width / 2)
        let leftWidth = max(0, text.width - rightWidth - 2)
        let fit = { (s: String) in TerminalText.truncated(s, toWidth: leftWidth) }
        canvas.put(fit(ProductText.name(p)), x: text.x, y: text.y, style: theme.name, maxWidth: leftWidth)
        canvas.put(fit(ProductText.vendor(p)), x: text.x, y: text.y + 1, style: theme.vendor, maxWidth: leftWidth)
        canvas.put(fit(ProductText.teaser(p)), x: text.x, y: text.y + 2, style: theme.muted, maxWidth: leftWidth)

        if let original, DisplayWidth.of(pay) + DisplayWidth.of(original) + 1 <= rightWidth {
            let x = text.maxX - DisplayWidth.of(pay) - 1 - DisplayWidth.of(original)
            canvas.put(pay, x: x, y: text.y, style: theme.price)
            canvas.put(original, x: text.maxX - DisplayWidth.of(original), y: text.y, style: theme.originalPrice)
        } else {
            let x = text.maxX - min(rightWidth, DisplayWidth.of(pay))
            canvas.put(pay, x: x, y: text.y, style: theme.price, maxWidth: text.maxX - x)
        }
        let stockX = text.maxX - min(rightWidth, DisplayWidth.of(stock))
        canvas.put(stock, x: stockX, y: text.y + 1, style: p.stock <= 0 ? theme.soldOut : theme.stock, maxWidth: rightWidth)
        if original != nil {
            let percent = p.price.amount > 0 ? (p.discountedPrice.amount / p.price.amount * 100) : 0
            let off = "−\(NSDecimalNumberText.rounded(percent))% off"
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
        wanted: inout [ImageCacheKey]
    ) {
        canvas.box(frame, style: theme.border, ascii: theme.ascii)
        if selected {
            // The top edge and the name line mark the selection: visible without colour, cheap to move.
            canvas.restyle(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1)) { $0 = theme.selectedBorder }
            canvas.put(theme.caret, x: frame.x, y: frame.y, style: theme.selectedBorder)
        }
        let inner = frame.insetBy(dx: 1, dy: 1)
        let (thumb, below) = inner.splitTop(layout.thumbnailRows)
        drawPicture(&canvas, url: p.thumbnailURL, box: thumb, wanted: &wanted)
        canvas.put(
            TerminalText.truncated(ProductText.name(p), toWidth: below.width), x: below.x, y: below.y,
            style: theme.name, maxWidth: below.width)
        let (pay, original) = ProductText.prices(p)
        var x = below.x
        x += canvas.put(pay, x: x, y: below.y + 1, style: theme.price, maxWidth: below.width)
        if let original, x + 1 + DisplayWidth.of(original) <= below.maxX {
            canvas.put(original, x: x + 1, y: below.y + 1, style: theme.originalPrice)
        }
        if below.height >= 3 {
            canvas.put(
                ProductText.stock(p), x: below.x, y: below.y + 2, style: p.stock <= 0 ? theme.soldOut : theme.stock,
                maxWidth: below.width)
        }
        if selected {
            canvas.restyle(Rect(x: below.x, y: below.y, width: below.width, height: 1)) { $0.attributes.insert(.reverse) }
        }
    }
}

/// Whole-number text of a Decimal (rounded half up).
enum NSDecimalNumberText {
    static func rounded(_ value: Decimal) -> String {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 0, .plain)
        return output.description
    }
}

import Foundation

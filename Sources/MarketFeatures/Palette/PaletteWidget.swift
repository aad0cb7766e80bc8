import TerminalUI

/// The palette in a box over the upper middle of the screen: the typed line, then the best matches — an
/// action's words with its keys on the right, a product's name with its price — their matched letters
/// marked; under them whether the market is being searched.
struct PaletteWidget: Widget {
    let palette: PaletteState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let width = min(canvas.width - 2, 90)
        let rows = max(1, min(palette.matches.count, canvas.height - 8))
        let height = min(canvas.height - 2, rows + 4)
        guard width > 10, height > 4 else { return }
        let box = Rect(x: (canvas.width - width) / 2, y: 1, width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(" " + context.text(.paletteTitle) + " ", x: box.x + 2, y: box.y, style: theme.name)
        let prompt = theme.ascii ? "> " : "› "
        var x = box.x + 2
        x += canvas.put(prompt, x: x, y: box.y + 1, style: theme.hintKey)
        let typed = TerminalText.sanitized(palette.query)
        let room = box.maxX - x - 3
        let shownQuery = DisplayWidth.of(typed) > room ? "…" + String(typed.suffix(max(0, room - 1))) : typed
        x += canvas.put(shownQuery, x: x, y: box.y + 1, style: theme.plain)
        canvas.placeTextCursor(x: x, y: box.y + 1, context: context, barStyle: theme.hintKey)
        let list = Rect(x: box.x + 1, y: box.y + 2, width: box.width - 2, height: box.height - 3)
        if palette.matches.isEmpty {
            canvas.put(
                context.text(palette.searching ? .paletteSearching : .paletteNothing), x: list.x + 2, y: list.y, style: theme.muted,
                maxWidth: list.width - 3)
            return
        }
        let visible = list.height - (palette.searching ? 1 : 0)
        let first = max(0, palette.selectedIndex - visible + 1)
        for (row, index) in (first..<min(palette.matches.count, first + visible)).enumerated() {
            guard let entry = palette.entry(at: index) else { continue }
            let y = list.y + row
            let right = entry.detail + (isFound(entry) ? " · " + context.text(.paletteFromMarket) : "")
            let rightWidth = min(DisplayWidth.of(right), list.width / 3)
            let textWidth = max(0, list.width - rightWidth - 5)
            let marks = entry.split(palette.matches[index].match.positions)
            drawMarked(&canvas, entry.text, marks: marks.text, x: list.x + 2, y: y, width: textWidth, style: theme.name)
            drawMarked(
                &canvas, right, marks: marks.keys, x: list.maxX - rightWidth - 1, y: y, width: rightWidth,
                style: isFound(entry) ? theme.muted : theme.price)
            if index == palette.selectedIndex {
                canvas.put(theme.caret, x: list.x, y: y, style: theme.name)
                canvas.restyle(Rect(x: list.x + 1, y: y, width: list.width - 1, height: 1)) { $0.attributes.insert(.reverse) }
            }
        }
        if palette.searching {
            canvas.put(context.spinner + " " + context.text(.paletteSearching), x: list.x + 2, y: list.maxY - 1, style: theme.muted)
        }
    }

    func isFound(_ entry: PaletteEntry) -> Bool {
        if case .found = entry.target { true } else { false }
    }

    /// `text` made printable in `style`, its scalars at `marks` in the marking style, cut to `width` columns.
    func drawMarked(_ canvas: inout Canvas, _ text: String, marks: Set<Int>, x: Int, y: Int, width: Int, style plain: CellStyle) {
        canvas.putMarked(text, marks: marks, x: x, y: y, width: width, style: plain, marked: context.theme.hintKey)
    }
}

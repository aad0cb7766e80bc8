import Localization
import TerminalUI

/// "About this market" in a box over the middle of the screen: a fact a row, its label on the left (the
/// wish list's place under its count, unlabelled), the keys that open it below. Where the rows do not fit,
/// they scroll from `offset`, and arrows say which way there is more.
struct AboutWidget: Widget {
    let facts: AboutFacts?
    let offset: Int
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard let facts else { return }
        let theme = context.theme
        let layout = AboutLayout(
            facts: facts, language: context.language, keymap: context.keymap, columns: canvas.width, screenRows: canvas.height)
        let box = layout.box
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(" " + context.text(.about(.title)) + " ", x: box.x + 2, y: box.y, style: theme.name, maxWidth: box.width - 4)
        let first = min(offset, layout.mostOffset)
        for (i, row) in layout.rows.dropFirst(first).prefix(layout.visible).enumerated() {
            let y = box.y + 1 + layout.padding + i
            canvas.put(row.label, x: box.x + 2, y: y, style: theme.hintKey, maxWidth: layout.labelWidth)
            canvas.put(row.value, x: box.x + 4 + layout.labelWidth, y: y, style: theme.plain, maxWidth: layout.room)
        }
        let scrolls = layout.mostOffset > 0
        let closes = " " + context.text(scrolls ? .helpScrolls : .about(.closes(openKeys: context.keymap.label([.about])))) + " "
        let closesX = max(box.x + 1, box.maxX - DisplayWidth.of(closes) - 2)
        canvas.put(closes, x: closesX, y: box.maxY - 1, style: theme.hint, maxWidth: box.width - 2)
        // Which way there is more, where the words leave room for it (they say ↑↓ themselves).
        if scrolls, closesX >= box.x + 6 {
            let more = first < layout.mostOffset
            let arrows = theme.ascii ? (first > 0 ? "^" : " ") + (more ? "v" : " ") : (first > 0 ? "↑" : " ") + (more ? "↓" : " ")
            canvas.put(" " + arrows + " ", x: box.x + 2, y: box.maxY - 1, style: theme.hintKey)
        }
    }
}

import Localization
import TerminalUI

/// "About this market" in a box over the middle of the screen: a fact a row, its label on the left (the
/// wish list's place under its count, unlabelled), the keys that open it below.
struct AboutWidget: Widget {
    let facts: AboutFacts?
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard let facts = facts?.facts else { return }
        let theme = context.theme
        let labels = facts.enumerated().map { index, fact in
            index > 0 && facts[index - 1].label == fact.label ? "" : context.text(.about(fact.label))
        }
        let values = facts.map { TerminalText.sanitized(context.text($0.value)) }
        let closes = " " + context.text(.about(.closes(openKeys: context.keymap.label([.about])))) + " "
        let title = " " + context.text(.about(.title)) + " "
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let valueWidth = values.map(DisplayWidth.of).max() ?? 0
        let width = min(canvas.width - 2, max(labelWidth + valueWidth + 7, DisplayWidth.of(closes) + 4, DisplayWidth.of(title) + 4))
        // A value wider than the box goes on over the rows below it, under itself.
        let room = max(1, width - labelWidth - 6)
        let rows = zip(labels, values).flatMap { label, value in
            TerminalText.wrapped(value, width: room).enumerated().map { ($0.offset == 0 ? label : "", $0.element) }
        }
        let padding = rows.count + 4 <= canvas.height - 2 ? 1 : 0
        let height = min(canvas.height - 2, rows.count + 2 + 2 * padding)
        let box = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(title, x: box.x + 2, y: box.y, style: theme.name, maxWidth: box.width - 4)
        for (i, (label, value)) in rows.enumerated() where i + 1 + padding < box.height - 1 {
            let y = box.y + 1 + padding + i
            canvas.put(label, x: box.x + 2, y: y, style: theme.hintKey, maxWidth: labelWidth)
            canvas.put(value, x: box.x + 4 + labelWidth, y: y, style: theme.plain, maxWidth: room)
        }
        canvas.put(closes, x: max(box.x + 1, box.maxX - DisplayWidth.of(closes) - 2), y: box.maxY - 1, style: theme.hint, maxWidth: box.width - 2)
    }
}

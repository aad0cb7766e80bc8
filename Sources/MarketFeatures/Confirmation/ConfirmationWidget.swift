import TerminalUI

/// A yes/no question in a box over the middle of the screen, "No" focused until the user moves.
struct ConfirmationWidget: Widget {
    let confirmation: Confirmation
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let question = confirmation.question.map { context.text($0) }.joined(separator: " ")
        let width = min(canvas.width - 4, max(40, DisplayWidth.of(question) + 6))
        let lines = TerminalText.wrapped(question, width: width - 4)
        let box = Rect(
            x: (canvas.width - width) / 2, y: max(0, (canvas.height - lines.count - 5) / 2), width: width,
            height: lines.count + 5)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        for (i, line) in lines.enumerated() {
            canvas.put(line, x: box.x + 2, y: box.y + 1 + i, style: theme.name, maxWidth: box.width - 4)
        }
        let no = "[ " + context.text(.answerNo) + " ]"
        let yes = "[ " + context.text(.answerYes) + " ]"
        let y = box.maxY - 2
        let start = box.x + (box.width - DisplayWidth.of(no) - 3 - DisplayWidth.of(yes)) / 2
        let focused = CellStyle(attributes: [.reverse, .bold])
        canvas.put(no, x: start, y: y, style: confirmation.yesFocused ? theme.plain : focused)
        canvas.put(yes, x: start + DisplayWidth.of(no) + 3, y: y, style: confirmation.yesFocused ? focused : theme.plain)
    }
}

extension Confirmation {
    func widget(_ context: RenderContext) -> any Widget { ConfirmationWidget(confirmation: self, context: context) }

    /// The question's own keys, not those of the screen under it.
    func hints(_ context: RenderContext) -> [KeyHint]? {
        let keys = context.keymap
        return [
            context.hint(keys.hint(.answerYes), .yes), context.hint(keys.hints(.answerNo, count: 2), .no),
            context.hint(keys.hints(.answerSwitch, count: 2, separator: ""), .choose), context.hint(keys.label([.answerChosen]), .answer),
        ]
    }
}

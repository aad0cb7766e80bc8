import TerminalUI

/// The bulk change's value in the status line: the choice's prompt, the typed value with the cursor, and after
/// a refused Enter what is wrong with it.
struct BulkLineWidget: Widget {
    let menu: BulkState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        guard let choice = menu.typing else { return }
        let theme = context.theme
        let prompt = " " + context.text(.bulk(choice.prompt)) + " "
        canvas.put(prompt, x: area.x, y: area.y, style: theme.hintKey, maxWidth: area.width)
        var x = area.x + DisplayWidth.of(prompt)
        x += canvas.put(TerminalText.sanitized(menu.text), x: x, y: area.y, style: theme.plain, maxWidth: max(0, area.maxX - x - 1))
        canvas.placeTextCursor(x: x, y: area.y, context: context, barStyle: theme.hintKey)
        if let problem = menu.problem {
            canvas.put(" " + context.text(.bulk(problem)), x: x + 2, y: area.y, style: theme.error, maxWidth: max(0, area.maxX - x - 2))
        }
    }
}

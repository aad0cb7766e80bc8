import TerminalUI

/// The price prompt in the status line while the price line is open: the typed range with a cursor, and
/// after a refused Enter what is wrong with it.
struct PriceRangeLineWidget: Widget {
    let line: PriceRangeLine
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let prompt = " " + context.text(.priceRangePrompt) + " "
        canvas.put(prompt, x: area.x, y: area.y, style: theme.hintKey)
        var x = area.x + DisplayWidth.of(prompt)
        let field = TerminalText.sanitized(line.text)
        x += canvas.put(field, x: x, y: area.y, style: theme.plain, maxWidth: max(0, area.maxX - x - 1))
        canvas.placeTextCursor(x: x, y: area.y, context: context, barStyle: theme.hintKey)
        if let problem = line.problem {
            canvas.put(" " + context.text(problem), x: x + 2, y: area.y, style: theme.error, maxWidth: max(0, area.maxX - x - 2))
        }
    }
}

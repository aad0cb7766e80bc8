import TerminalUI

/// The search prompt in the status line while the search line is open, with a cursor after the query.
struct SearchLineWidget: Widget {
    let search: SearchState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let prompt = " " + context.text(.searchPrompt) + " "
        canvas.put(prompt, x: area.x, y: area.y, style: theme.hintKey)
        let field = TerminalText.sanitized(search.query)
        let room = area.width - DisplayWidth.of(prompt) - 2
        let shown = DisplayWidth.of(field) > room ? "…" + String(field.suffix(max(0, room - 1))) : field
        let used = canvas.put(shown, x: area.x + DisplayWidth.of(prompt), y: area.y, style: theme.plain)
        canvas.placeTextCursor(x: area.x + DisplayWidth.of(prompt) + used, y: area.y, context: context, barStyle: theme.hintKey)
    }
}

extension SearchState {
    /// The search line draws nothing over the list: it takes the status line.
    func widget(_ context: RenderContext) -> any Widget { EmptyWidget() }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        [
            context.hint(context.text(.hint(.typeKey)), .toSearch), context.hint("⏎", .done),
            context.hint(context.keymap.hint(.searchClear), .clear),
        ]
    }

    func statusLine(_ context: RenderContext) -> (any Widget)? { SearchLineWidget(search: self, context: context) }
}

/// Draws nothing.
struct EmptyWidget: Widget {
    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {}
}

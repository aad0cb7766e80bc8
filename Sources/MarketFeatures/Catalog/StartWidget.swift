import TerminalUI

/// The screen before the first page: "Connecting…" with the spinner, or why the market cannot be reached.
struct StartWidget: Widget {
    let catalog: CatalogState
    let context: RenderContext

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let theme = context.theme
        let lines: [(String, CellStyle)]
        if let message = catalog.pageFailure {
            lines = [
                (context.text(.cannotReachMarket), theme.name), ("", theme.plain), (message, theme.plain), ("", theme.plain),
                (context.text(.retryOrQuit(retryKey: context.keymap.hint(.refresh), quitKey: context.keymap.hint(.quit))), theme.hint),
            ]
        } else {
            lines = [(context.spinner + " " + context.text(.connecting), theme.plain)]
        }
        var y = area.y + max(0, (area.height - lines.count) / 2)
        for (text, style) in lines {
            for line in TerminalText.wrapped(text, width: max(10, area.width - 4)) {
                let x = area.x + max(0, (area.width - DisplayWidth.of(line)) / 2)
                canvas.put(line, x: x, y: y, style: style)
                y += 1
            }
        }
    }
}

import TerminalUI

/// Every key binding, in a box over the middle of the screen. Any key closes it.
struct HelpWidget: Widget {
    let theme: Theme

    static let bindings: [(String, String)] = [
        ("↑ ↓  j k", "move (up past the top refreshes)"),
        ("← →  h l", "move in the grid · pictures in detail"),
        ("PgUp PgDn", "a screen up / down"),
        ("g G  Home End", "first / last product"),
        ("Enter", "open the product"),
        ("v  Tab", "switch list ↔ grid"),
        ("/", "search (Esc clears)"),
        ("r", "refresh · retry after an error"),
        ("n", "register a product"),
        ("e", "edit one of your products (Ctrl-S saves)"),
        ("d", "delete one of your products (asks first)"),
        ("m", "my products only / everything"),
        ("c", "cycle colours: true → 256 → 16 → 8 → none"),
        ("p", "pictures: the terminal's own → half blocks → none"),
        ("?", "this help"),
        ("Ctrl-L", "redraw the screen"),
        ("q  Esc", "back · quit at the top"),
        ("mouse", "click selects · double-click opens · wheel scrolls"),
    ]

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let keyWidth = Self.bindings.map { DisplayWidth.of($0.0) }.max() ?? 0
        let textWidth = Self.bindings.map { DisplayWidth.of($0.1) }.max() ?? 0
        let width = min(canvas.width - 2, keyWidth + textWidth + 7)
        let height = min(canvas.height - 2, Self.bindings.count + 4)
        let box = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(" Keys ", x: box.x + 2, y: box.y, style: theme.name)
        for (i, (key, action)) in Self.bindings.enumerated() where i + 2 < box.height - 1 {
            let y = box.y + 1 + i + 1
            canvas.put(key, x: box.x + 2, y: y, style: theme.hintKey, maxWidth: keyWidth)
            canvas.put(action, x: box.x + 4 + keyWidth, y: y, style: theme.plain, maxWidth: box.width - keyWidth - 6)
        }
        let close = " any key closes "
        canvas.put(close, x: box.maxX - DisplayWidth.of(close) - 2, y: box.maxY - 1, style: theme.hint)
    }
}

extension HelpState {
    func widget(_ context: RenderContext) -> any Widget { HelpWidget(theme: context.theme) }
}

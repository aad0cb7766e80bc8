import TerminalUI

/// Every key binding, in a box over the middle of the screen: the keys the keymap gives (the user's, where
/// the settings file changed them). Any key closes it.
struct HelpWidget: Widget {
    let theme: Theme
    let keymap: Keymap

    /// The rows: keys, then what they do.
    var bindings: [(String, String)] {
        let k = keymap
        return [
            (k.label([.moveUp, .moveDown]), "move (up past the top refreshes)"),
            (k.label([.moveLeft, .moveRight]), "move in the grid · pictures in detail"),
            (k.label([.pageUp, .pageDown]), "a screen up / down"),
            (k.label([.moveFirst, .moveLast]), "first / last product"),
            (k.label([.open]), "open the product"),
            (k.label([.toggleLayout]), "switch list ↔ grid"),
            (k.label([.search]), "search (\(k.label([.searchClear])) clears)"),
            (k.label([.refresh]), "refresh · retry after an error"),
            (k.label([.register]), "register a product"),
            (k.label([.edit]), "edit one of your products (\(k.label([.formSubmit])) saves)"),
            (k.label([.delete]), "delete one of your products (asks first)"),
            (k.label([.mine]), "my products only / everything"),
            (k.label([.colorsCycle]), "cycle colours: true → 256 → 16 → 8 → none"),
            (k.label([.picturesCycle]), "pictures: the terminal's own → half blocks → none"),
            (k.label([.help]), "this help"),
            ("Ctrl-L", "redraw the screen"),
            (k.union([.quit, .back]), "back · quit at the top"),
            ("mouse", "click selects · double-click opens · wheel scrolls"),
        ]
    }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let bindings = self.bindings
        let keyWidth = bindings.map { DisplayWidth.of($0.0) }.max() ?? 0
        let textWidth = bindings.map { DisplayWidth.of($0.1) }.max() ?? 0
        let width = min(canvas.width - 2, keyWidth + textWidth + 7)
        let height = min(canvas.height - 2, bindings.count + 4)
        let box = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(" Keys ", x: box.x + 2, y: box.y, style: theme.name)
        for (i, (key, action)) in bindings.enumerated() where i + 2 < box.height - 1 {
            let y = box.y + 1 + i + 1
            canvas.put(key, x: box.x + 2, y: y, style: theme.hintKey, maxWidth: keyWidth)
            canvas.put(action, x: box.x + 4 + keyWidth, y: y, style: theme.plain, maxWidth: box.width - keyWidth - 6)
        }
        let close = " any key closes "
        canvas.put(close, x: box.maxX - DisplayWidth.of(close) - 2, y: box.maxY - 1, style: theme.hint)
    }
}

extension HelpState {
    func widget(_ context: RenderContext) -> any Widget { HelpWidget(theme: context.theme, keymap: context.keymap) }
}

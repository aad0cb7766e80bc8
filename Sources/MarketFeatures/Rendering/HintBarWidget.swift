import TerminalUI

/// The key-hint line: as many "key action" pairs as fit.
struct HintBarWidget: Widget {
    let hints: [KeyHint]
    let theme: Theme

    /// The hints of the list and grid.
    static func browsing(_ catalog: CatalogState, keymap: Keymap) -> [KeyHint] {
        [
            KeyHint(keymap.hint(.moveUp) + keymap.hint(.moveDown), "move"), KeyHint(keymap.hint(.open), "open"),
            KeyHint(keymap.hint(.toggleLayout), catalog.layoutKind == .list ? "grid" : "list"),
            KeyHint(keymap.hint(.search), "search"), KeyHint(keymap.hint(.refresh), "refresh"),
            KeyHint(keymap.hint(.colorsCycle), "colour"), KeyHint(keymap.hint(.help), "help"), KeyHint(keymap.hint(.quit), "quit"),
        ]
    }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        var x = area.x + 1
        for hint in hints {
            let need = DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action) + 2
            guard x + need <= area.maxX else { break }
            x += canvas.put(hint.key, x: x, y: area.y, style: theme.hintKey)
            x += canvas.put(" " + hint.action + "  ", x: x, y: area.y, style: theme.hint)
        }
    }
}

import TerminalUI

/// The key-hint line: as many "key action" pairs as fit.
struct HintBarWidget: Widget {
    let hints: [KeyHint]
    let theme: Theme

    /// The hints of the list and grid.
    static func browsing(_ catalog: CatalogState, context: RenderContext) -> [KeyHint] {
        let keymap = context.keymap
        return [
            context.hint(keymap.hint(.moveUp) + keymap.hint(.moveDown), .move), context.hint(keymap.hint(.open), .open),
            context.hint(keymap.hint(.toggleLayout), catalog.layoutKind == .list ? .grid : .list),
            context.hint(keymap.hint(.search), .search), context.hint(keymap.hint(.refresh), .refresh),
            context.hint(keymap.hint(.colorsCycle), .colour), context.hint(keymap.hint(.help), .help),
            context.hint(keymap.hint(.quit), .quit),
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

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
        line(area).draw(area, into: &canvas)
    }

    /// The line as drawn in `area`: the hints that fit whole, each key and its action.
    func line(_ area: Rect) -> ScreenLine {
        var line = ScreenLine()
        var x = area.x + 1
        for hint in hints {
            let (key, action) = (DisplayWidth.of(hint.key), DisplayWidth.of(hint.action))
            guard x + key + 1 + action + 2 <= area.maxX else { break }
            line.put(hint.key, x: x, style: theme.hintKey)
            line.put(" " + hint.action + "  ", x: x + key, style: theme.hint)
            x += key + 1 + action + 2
        }
        return line
    }
}

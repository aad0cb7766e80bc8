import Localization
import TerminalUI

/// Every key binding, in a box over the middle of the screen: the keys the keymap gives (the user's, where
/// the settings file changed them). Any key closes it.
struct HelpWidget: Widget {
    let context: RenderContext
    /// The first row shown (help scrolls where the rows do not fit).
    var offset = 0

    /// How many rows help has.
    static let rowCount = 26

    /// How many rows fit on a screen `screenRows` high (a border above and below, and the screen's first and
    /// last line free).
    static func visibleRows(screenRows: Int) -> Int { max(1, min(rowCount, screenRows - 4)) }

    var theme: Theme { context.theme }

    /// The rows: keys, then what they do.
    var bindings: [(String, String)] {
        let k = context.keymap
        let rows: [(String, Phrase.HelpRow)] = [
            (k.label([.moveUp, .moveDown]), .move),
            (k.label([.moveLeft, .moveRight]), .moveGrid),
            (k.label([.pageUp, .pageDown]), .page),
            (k.label([.moveFirst, .moveLast]), .firstLast),
            (k.label([.open]), .open),
            (k.label([.toggleLayout]), .toggle),
            (k.label([.search]), .search(clearKey: k.label([.searchClear]))),
            (k.label([.refresh]), .refresh),
            (k.label([.register]), .register),
            (k.label([.edit]), .edit(saveKey: k.label([.formSubmit]))),
            (k.label([.delete]), .delete),
            (k.label([.mine]), .mine),
            (k.label([.markToggle, .markRange, .markClear]), .marks),
            (k.label([.bulk, .undo]), .bulk),
            (k.label([.copyLink, .copySummary]), .copy),
            (k.label([.sortCycle]), .sort),
            (k.label([.filterInStock, .filterPrice]), .filter),
            (k.label([.wishToggle, .wishList]), .wish),
            (k.label([.palette]), .palette),
            (k.label([.pictureWindow]), .pictureWindow),
            (k.label([.colorsCycle]), .colours),
            (k.label([.picturesCycle]), .pictures),
            (k.label([.help]) + "  Ctrl-L", .help),
            (k.label([.about]), .about),
            (k.union([.quit, .back]), .back),
            (context.text(.helpMouseKey), .mouse),
        ]
        return rows.map { ($0.0, context.text(.help($0.1))) }
    }

    func render(_ area: Rect, into canvas: inout Canvas, report: inout FrameReport) {
        let bindings = self.bindings
        let keyWidth = bindings.map { DisplayWidth.of($0.0) }.max() ?? 0
        let textWidth = bindings.map { DisplayWidth.of($0.1) }.max() ?? 0
        let width = min(canvas.width - 2, keyWidth + textWidth + 7)
        // A blank row above and below the keys where the screen has room for them (not at 80×24).
        let padding = bindings.count + 4 <= canvas.height - 2 ? 1 : 0
        let height = min(canvas.height - 2, bindings.count + 2 + 2 * padding)
        let visible = Self.visibleRows(screenRows: canvas.height)
        let first = min(offset, max(0, bindings.count - visible))
        let box = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(box)
        report.cover(box)
        canvas.box(box, style: theme.selectedBorder, ascii: theme.ascii)
        canvas.put(" " + context.text(.helpTitle) + " ", x: box.x + 2, y: box.y, style: theme.name)
        for (i, (key, action)) in bindings.dropFirst(first).enumerated() where i + 1 + padding < box.height - 1 {
            let y = box.y + 1 + padding + i
            canvas.put(key, x: box.x + 2, y: y, style: theme.hintKey, maxWidth: keyWidth)
            canvas.put(action, x: box.x + 4 + keyWidth, y: y, style: theme.plain, maxWidth: box.width - keyWidth - 6)
        }
        let scrolls = bindings.count > visible
        let close = " " + context.text(scrolls ? .helpScrolls : .helpCloses) + " "
        let closeX = max(box.x + 1, box.maxX - DisplayWidth.of(close) - 2)
        canvas.put(close, x: closeX, y: box.maxY - 1, style: theme.hint, maxWidth: box.width - 2)
        // Which way there is more, where the words leave room for it (they say ↑↓ themselves).
        if scrolls, closeX >= box.x + 6 {
            let arrows = theme.ascii ? (first > 0 ? "^" : " ") + (first + visible < bindings.count ? "v" : " ") : (first > 0 ? "↑" : " ") + (first + visible < bindings.count ? "↓" : " ")
            canvas.put(" " + arrows + " ", x: box.x + 2, y: box.maxY - 1, style: theme.hintKey)
        }
    }
}

extension HelpState {
    func widget(_ context: RenderContext) -> any Widget { HelpWidget(context: context, offset: offset) }
}

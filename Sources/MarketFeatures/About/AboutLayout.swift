import Localization
import TerminalUI

/// Where "about this market" goes on a screen of a size: its box, its rows (a fact's value wider than the
/// box goes on over the rows below it), and how many of them fit. The widget draws it; the state asks it
/// how far the rows can scroll.
struct AboutLayout {
    /// The rows, label (empty under the first row of a fact) and text.
    var rows: [(label: String, value: String)]
    var labelWidth: Int
    /// The room for a value.
    var room: Int
    var box: Rect
    /// A blank row above and below the facts where the screen has room for them.
    var padding: Int
    /// How many rows show at once.
    var visible: Int

    init(facts: AboutFacts, language: Language, keymap: Keymap, columns: Int, screenRows: Int) {
        let facts = facts.facts
        let labels = facts.enumerated().map { index, fact in
            index > 0 && facts[index - 1].label == fact.label ? "" : language.text(.about(fact.label))
        }
        let values = facts.map { TerminalText.sanitized(language.text($0.value)) }
        let closes = " " + language.text(.about(.closes(openKeys: keymap.label([.about])))) + " "
        let title = " " + language.text(.about(.title)) + " "
        labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let valueWidth = values.map(DisplayWidth.of).max() ?? 0
        let width = min(columns - 2, max(labelWidth + valueWidth + 7, DisplayWidth.of(closes) + 4, DisplayWidth.of(title) + 4))
        room = max(1, width - labelWidth - 6)
        let room = room
        rows = zip(labels, values).flatMap { label, value in
            TerminalText.wrapped(value, width: room).enumerated().map { (label: $0.offset == 0 ? label : "", value: $0.element) }
        }
        padding = rows.count + 4 <= screenRows - 2 ? 1 : 0
        let height = min(screenRows - 2, rows.count + 2 + 2 * padding)
        box = Rect(x: (columns - width) / 2, y: (screenRows - height) / 2, width: width, height: height)
        visible = max(1, height - 2 - 2 * padding)
    }

    /// How far the rows scroll (0: they all fit).
    var mostOffset: Int { max(0, rows.count - visible) }
}

/// Cells in 24-bit colour, written straight to the terminal after curses has drawn the rest of a frame.
///
/// Curses knows 256 colours on nearly every terminal type a visitor brings (`xterm-256color`, not
/// `xterm-direct`), so the curses screen gives it a stand-in for these cells and sends their colours
/// itself: a run of changed cells after one cursor move, each colour set only when it changes from
/// the cell before, and the attributes reset at the end (curses expects them so after a frame).
public enum DirectColorCells {
    /// True when the cell has a 24-bit colour.
    public static func isDirect(_ cell: Cell) -> Bool {
        cell.style.foreground.isDirect || cell.style.background.isDirect
    }

    /// The bytes that draw `canvas`'s direct-colour cells inside `width × height`: those that differ
    /// from `previous` (every one without it), and every one on `rows` (rows curses rewrote). Empty when
    /// there is nothing to draw.
    public static func bytes(_ canvas: Canvas, previous: Canvas?, rows: Set<Int> = [], width: Int, height: Int) -> [UInt8] {
        let previous = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        var out: [UInt8] = []
        var current: CellStyle?
        for y in 0..<min(height, canvas.height) {
            let wholeRow = previous == nil || rows.contains(y)
            var x = 0
            var cursorAt: Int?
            while x < min(width, canvas.width) {
                let cell = canvas[x, y]
                let wanted = isDirect(cell) && (wholeRow || previous![x, y] != cell)
                guard wanted, !cell.isContinuation else {
                    x += 1
                    continue
                }
                let cellWidth = max(1, DisplayWidth.of(cell.text))
                if x + cellWidth > width { break }
                if cursorAt != x { out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }
                sgr(from: current, to: cell.style, into: &out)
                current = cell.style
                out += Array(cell.text.utf8)
                x += cellWidth
                cursorAt = x
            }
        }
        if current != nil { out += Array("\u{1B}[0m".utf8) }
        return out
    }

    /// The SGR that changes the terminal's style from `old` (unknown: nil) to `new`.
    static func sgr(from old: CellStyle?, to new: CellStyle, into out: inout [UInt8]) {
        if let old, old == new { return }
        var parts: [String] = []
        if let old, old.attributes == new.attributes {
            if old.foreground != new.foreground { parts.append(code(new.foreground, foreground: true)) }
            if old.background != new.background { parts.append(code(new.background, foreground: false)) }
        } else {
            parts.append("0")
            let attributes: [(TextAttributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
            for (attribute, number) in attributes where new.attributes.contains(attribute) { parts.append(number) }
            if new.foreground != .default { parts.append(code(new.foreground, foreground: true)) }
            if new.background != .default { parts.append(code(new.background, foreground: false)) }
        }
        out += Array("\u{1B}[\(parts.joined(separator: ";"))m".utf8)
    }

    private static func code(_ color: TerminalColor, foreground: Bool) -> String {
        switch color {
        case .default: foreground ? "39" : "49"
        case .indexed(let i): (foreground ? "38;5;" : "48;5;") + String(i)
        case .rgb(let r, let g, let b): (foreground ? "38;2;" : "48;2;") + "\(r);\(g);\(b)"
        }
    }
}

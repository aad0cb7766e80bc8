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
                let cellWidth = max(1, cell.glyph.width)
                if x + cellWidth > width { break }
                if cursorAt != x { cursorTo(x: x, y: y, into: &out) }
                sgr(from: current, to: cell.style, into: &out)
                current = cell.style
                cell.glyph.appendUTF8(to: &out)
                x += cellWidth
                cursorAt = x
            }
        }
        if current != nil { out += Array("\u{1B}[0m".utf8) }
        return out
    }

    /// The SGR that changes the terminal's style from `old` (unknown: nil) to `new`: the colours that changed
    /// when the attributes are the same, else a reset and the whole style. Written byte by byte (no strings: it
    /// runs for every cell of a picture that changed).
    static func sgr(from old: CellStyle?, to new: CellStyle, into out: inout [UInt8]) {
        if let old, old == new { return }
        out += [0x1B, UInt8(ascii: "[")]
        if let old, old.attributes == new.attributes {
            var first = true
            if old.foreground != new.foreground {
                code(new.foreground, foreground: true, into: &out)
                first = false
            }
            if old.background != new.background {
                if !first { out.append(UInt8(ascii: ";")) }
                code(new.background, foreground: false, into: &out)
            }
        } else {
            out.append(UInt8(ascii: "0"))
            let attributes: [(TextAttributes, UInt8)] = [(.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7)]
            for (attribute, number) in attributes where new.attributes.contains(attribute) {
                out += [UInt8(ascii: ";"), UInt8(ascii: "0") + number]
            }
            if new.foreground != .default {
                out.append(UInt8(ascii: ";"))
                code(new.foreground, foreground: true, into: &out)
            }
            if new.background != .default {
                out.append(UInt8(ascii: ";"))
                code(new.background, foreground: false, into: &out)
            }
        }
        out.append(UInt8(ascii: "m"))
    }

    /// CUP to a cell (`ESC [ row ; column H`, both from 1).
    static func cursorTo(x: Int, y: Int, into out: inout [UInt8]) {
        out += [0x1B, UInt8(ascii: "[")]
        decimal(y + 1, into: &out)
        out.append(UInt8(ascii: ";"))
        decimal(x + 1, into: &out)
        out.append(UInt8(ascii: "H"))
    }

    private static func code(_ color: TerminalColor, foreground: Bool, into out: inout [UInt8]) {
        let digit = UInt8(ascii: foreground ? "3" : "4")
        switch color {
        case .default:
            out += [digit, UInt8(ascii: "9")]
        case .indexed(let i):
            out += [digit, UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")]
            decimal(Int(i), into: &out)
        case .rgb(let r, let g, let b):
            out += [digit, UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: "2"), UInt8(ascii: ";")]
            decimal(Int(r), into: &out)
            out.append(UInt8(ascii: ";"))
            decimal(Int(g), into: &out)
            out.append(UInt8(ascii: ";"))
            decimal(Int(b), into: &out)
        }
    }

    /// A non-negative number in decimal digits.
    private static func decimal(_ value: Int, into out: inout [UInt8]) {
        if value >= 10 { decimal(value / 10, into: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

/// A band of rows that moved up or down between two frames, found by comparing rows: what a terminal
/// can move with a scroll (a scrolling region and index / reverse index) instead of rewriting it.
public struct CanvasShift: Equatable, Sendable {
    /// The scrolling region's first and last row (inclusive).
    public var top: Int
    public var bottom: Int
    /// Rows the content moves: up when positive (row y shows what row y + lines showed), down when negative.
    public var lines: Int

    public init(top: Int, bottom: Int, lines: Int) {
        self.top = top
        self.bottom = bottom
        self.lines = lines
    }

    /// The largest band of rows of `new` that are rows of `old` moved by the same number of lines
    /// (at least `minimumRows` rows with something on them), or nil. Rows are compared in eight pieces and
    /// count as moved when at least six are the same there and more than in place: a selection that moved
    /// with the rows (a card's border) changes a piece or two of them; a single row that changed whole (a
    /// name line reversed) inside the band does not end it. Curses rewrites whatever differs after the
    /// scroll anyway. The last column is left out (a scroll bar changes with every scroll).
    public static func find(from old: Canvas, to new: Canvas, minimumRows: Int = 2) -> CanvasShift? {
        guard old.width == new.width, old.height == new.height, old.width > 1 else { return nil }
        let height = new.height
        let oldRows = (0..<height).map { rowKey(old, $0) }
        let newRows = (0..<height).map { rowKey(new, $0) }
        // Only a row found once in the old frame is evidence of a move: the rows of a picture's placeholder,
        // or a card's border, repeat down the screen and match themselves anywhere.
        var seen: [[Int]: Int] = [:]
        for row in oldRows { seen[row.hashes, default: 0] += 1 }
        var best: (score: Int, shift: CanvasShift)?
        for lines in -(height / 2)...(height / 2) where lines != 0 {
            var runStart: Int?
            var lastMatch = -1
            var gap = 0
            var score = 0
            func close() {
                if let start = runStart, score >= minimumRows, score > (best?.score ?? 0) {
                    let end = lastMatch + 1
                    let shift = lines > 0
                        ? CanvasShift(top: start, bottom: end - 1 + lines, lines: lines)
                        : CanvasShift(top: start + lines, bottom: end - 1, lines: lines)
                    best = (score, shift)
                }
                runStart = nil
                gap = 0
                score = 0
            }
            for y in 0..<height {
                let source = y + lines
                guard source >= 0, source < height else {
                    close()
                    continue
                }
                let moved = newRows[y].same(as: oldRows[source])
                if moved >= pieces - 2 {
                    // A row as much the same in place (a blank between products) keeps the run going but is no evidence.
                    if runStart == nil { runStart = y }
                    lastMatch = y
                    gap = 0
                    if !newRows[y].blank, seen[oldRows[source].hashes] == 1, moved > newRows[y].same(as: oldRows[y]) { score += 1 }
                } else if runStart != nil, gap < 1 {
                    // One row that changed inside the band (the selection's name line, reversed) does not end it.
                    gap += 1
                } else {
                    close()
                }
            }
            close()
        }
        return best?.shift
    }

    private static let pieces = 8

    /// A row's pieces' hashes, and whether it is all blank.
    private struct RowKey {
        var hashes: [Int]
        var blank: Bool

        func same(as other: RowKey) -> Int {
            var count = 0
            for i in hashes.indices where hashes[i] == other.hashes[i] { count += 1 }
            return count
        }
    }

    /// A row's eight pieces, each as a 64-bit FNV-1a over its cells' glyphs (as words) and styles. Only compared within one
    /// frame pair, and a collision costs only bytes (curses rewrites what differs after any scroll): Swift's
    /// `Hasher` over `Cell` normalised every grapheme to NFC first, a sixth of a key's CPU with pictures (perf).
    private static func rowKey(_ canvas: Canvas, _ y: Int) -> RowKey {
        let width = canvas.width - 1
        var hashes: [Int] = []
        hashes.reserveCapacity(pieces)
        var blank = true
        for piece in 0..<pieces {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for x in (piece * width / pieces)..<((piece + 1) * width / pieces) {
                let cell = canvas[x, y]
                let (low, high) = cell.glyph.words
                hash = (hash ^ low) &* 0x100_0000_01b3
                hash = (hash ^ high) &* 0x100_0000_01b3
                hash = (hash ^ cell.style.fingerprint) &* 0x100_0000_01b3
                if blank, cell != .blank { blank = false }
            }
            hashes.append(Int(truncatingIfNeeded: hash))
        }
        return RowKey(hashes: hashes, blank: blank)
    }
}

extension Canvas {
    /// Moves rows `shift.top...shift.bottom` by `shift.lines` (up when positive), as a terminal scrolls a
    /// region: the rows that come in are blank.
    public mutating func apply(_ shift: CanvasShift) {
        guard shift.top >= 0, shift.bottom < height, shift.top <= shift.bottom else { return }
        let rows = Array(shift.top...shift.bottom)
        let order = shift.lines > 0 ? rows : rows.reversed()
        for y in order {
            let source = y + shift.lines
            for x in 0..<width {
                self[x, y] = source >= shift.top && source <= shift.bottom ? self[x, source] : .blank
            }
        }
    }

    /// The bytes that make a terminal scroll the same way: a scrolling region, index (ESC D) at its
    /// bottom or reverse index (ESC M) at its top, the region reset; the cursor saved and put back.
    public static func scrollBytes(_ shift: CanvasShift) -> [UInt8] {
        var text = "\u{1B}7\u{1B}[\(shift.top + 1);\(shift.bottom + 1)r"
        if shift.lines > 0 {
            text += "\u{1B}[\(shift.bottom + 1);1H" + String(repeating: "\u{1B}D", count: shift.lines)
        } else {
            text += "\u{1B}[\(shift.top + 1);1H" + String(repeating: "\u{1B}M", count: -shift.lines)
        }
        return Array((text + "\u{1B}[r\u{1B}8").utf8)
    }
}

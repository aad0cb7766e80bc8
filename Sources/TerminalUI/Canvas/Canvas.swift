import Foundation

/// An off-screen grid of cells that widgets draw into; a backend then puts it on a terminal.
///
/// Every write is measured by display width and clipped: a wide character never lands half
/// outside, overwriting half of one clears the other half, and control characters are replaced
/// by visible placeholders — whatever is drawn, the grid stays exactly `width × height` printable cells.
public struct Canvas: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Runs of cells that are links (drawn as OSC 8 hyperlinks where the terminal takes them).
    public var links: [Hyperlink] = []
    /// Where the next typed character goes, while a text field has the keys: a terminal backend shows its own
    /// cursor there, so an input method draws the syllable being composed in place. Nil: no cursor shown.
    public var cursor: CellPosition? {
        didSet { if let c = cursor, c.x < 0 || c.y < 0 || c.x >= width || c.y >= height { cursor = nil } }
    }

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        // An empty canvas (a terminal of no rows, before its first size) is the shared empty array: the
        // standard library's `Array(unsafeUninitializedCapacity: 0)` writes its count into that one global
        // storage, a write ThreadSanitizer reads as a race between two threads that each make an empty canvas.
        guard count > 0 else {
            cells = []
            return
        }
        // Cells are plain data: the storage is filled as memory (a frame makes a canvas).
        cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress?.initialize(repeating: fill, count: count)
            initialized = count
        }
    }

    /// Makes this canvas what `Canvas(width:height:fill:)` makes — every cell `fill`, no links, no cursor —
    /// in the storage it has when that is the right size and this canvas is its only holder: a frame drawn
    /// into the canvas of two frames before allocates nothing, and touches memory that is already the
    /// process's (a fresh canvas a frame was a malloc, a fill of new pages and their faults, then a free).
    public mutating func reset(width: Int, height: Int, fill: Cell = .blank) {
        let width = max(0, width)
        let height = max(0, height)
        guard width * height == cells.count, !cells.isEmpty else {
            self = Canvas(width: width, height: height, fill: fill)
            return
        }
        self.width = width
        self.height = height
        links = []
        cursor = nil
        // Storage shared with another canvas (the frame still on the screen) is copied first, as any write:
        // the other canvas keeps its cells.
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: fill) }
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` starting at (x, y), at most `maxWidth` columns (default: to the right edge).
    /// Returns the columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = x
        // Printable ASCII (most of what a frame writes: names, prices, keys) is one safe column a byte: no
        // grapheme breaking, width table or sanitizing (a fifth of a frame's drawing went there).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 {
                if column + 1 > limit { break }
                if column >= 0 { setCell(x: column, y: y, Cell(glyph: Glyph(ascii: byte), style: style)) }
                column += 1
            }
            return max(0, column - max(x, 0))
        }
        // Scalars that each stand alone (prices' currency signs, Hangul names, the title's dots) need no grapheme
        // breaking and hold nothing to sanitize: a cell a scalar.
        if text.unicodeScalars.allSatisfy({ DisplayWidth.standalone($0) != nil }) {
            for scalar in text.unicodeScalars {
                let w = DisplayWidth.standalone(scalar) ?? 1
                if column + w > limit { break }
                place(Glyph(scalar, width: w), x: column, y: y, style: style)
                column += w
            }
            return max(0, column - max(x, 0))
        }
        let safe = TerminalText.sanitized(text)
        for character in safe {
            let w = DisplayWidth.of(character)
            if w == 0 {
                // A combining mark without a base of its own: attach it to the previous cell.
                if column > x, column - 1 >= 0, column - 1 < width, !self[column - 1, y].isContinuation {
                    self[column - 1, y].glyph.append(character)
                }
                continue
            }
            if column + w > limit { break }
            place(Glyph(character, width: w), x: column, y: y, style: style)
            column += w
        }
        return max(0, column - max(x, 0))
    }

    /// Puts `glyph` at (x, y) when that is on the canvas, and its continuation after it when it is wide.
    private mutating func place(_ glyph: Glyph, x: Int, y: Int, style: CellStyle) {
        guard x >= 0 else { return }
        setCell(x: x, y: y, Cell(glyph: glyph, style: style))
        if glyph.width == 2 { setCell(x: x + 1, y: y, Cell(glyph: .continuation, style: style)) }
    }

    /// Replaces one cell, repairing any wide character it cuts in half.
    public mutating func setCell(x: Int, y: Int, _ cell: Cell) {
        guard x >= 0, x < width else { return }
        let old = self[x, y]
        if old.isContinuation, x > 0, !cell.isContinuation {
            self[x - 1, y] = Cell(glyph: .space, style: self[x - 1, y].style)
        }
        if !old.isContinuation, x + 1 < width, self[x + 1, y].isContinuation, old.glyph.width == 2 {
            self[x + 1, y] = Cell(glyph: .space, style: self[x + 1, y].style)
        }
        self[x, y] = cell
    }

    /// Fills a rectangle with blanks of `style`.
    public mutating func fill(_ rect: Rect, style: CellStyle = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let blank = Cell(glyph: .space, style: style)
        for y in area.y..<area.maxY {
            // As `setCell` for each cell, a row at at time (a frame drawn over the last blanks whole lines): only a
            // wide character cut by either edge needs repairing, and it becomes a blank of its own style.
            let start = y * width + area.x
            let end = start + area.width
            if cells[start].isContinuation, area.x > 0 { cells[start - 1] = Cell(glyph: .space, style: cells[start - 1].style) }
            if area.maxX < width, cells[end].isContinuation, !cells[end - 1].isContinuation, cells[end - 1].glyph.width == 2 {
                cells[end] = Cell(glyph: .space, style: cells[end].style)
            }
            cells.withUnsafeMutableBufferPointer { $0[start..<end].update(repeating: blank) }
        }
    }

    /// Changes the style of every cell in `rect`.
    public mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// Draws a box border around `rect` with single lines (or ASCII when `ascii`).
    public mutating func box(_ rect: Rect, style: CellStyle = .plain, ascii: Bool = false) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let (h, v, tl, tr, bl, br) = ascii ? ("-", "|", "+", "+", "+", "+") : ("─", "│", "┌", "┐", "└", "┘")
        // Cell by cell (each glyph is one column), clipped as `put` clips: a card's box is drawn every frame.
        let line = Cell(h, style: style)
        let side = Cell(v, style: style)
        for (y, left, right) in [(rect.y, tl, tr), (rect.maxY - 1, bl, br)] where y >= 0 && y < height {
            for column in stride(from: max(0, rect.x), to: min(width, rect.maxX), by: 1) {
                let glyph = column == rect.x ? Cell(left, style: style) : column == rect.maxX - 1 ? Cell(right, style: style) : line
                setCell(x: column, y: y, glyph)
            }
        }
        for y in stride(from: max(0, rect.y + 1), to: min(height, rect.maxY - 1), by: 1) {
            setCell(x: rect.x, y: y, side)
            setCell(x: rect.maxX - 1, y: y, side)
        }
    }

    /// Copies `source` with its top-left cell at (x, y), only the part inside `clip`.
    public mutating func blit(_ source: Canvas, x: Int, y: Int, clip: Rect) {
        let area = clip.intersection(bounds).intersection(Rect(x: x, y: y, width: source.width, height: source.height))
        guard !area.isEmpty else { return }
        for py in area.y..<area.maxY {
            // A row at a time (cards and pictures are copied this way every frame: cell by cell was a tenth of a
            // key's work); then the cells at its ends repaired: a wide character of this canvas cut in half beside
            // the copy, or one of the copy's own cut by the clip, leaves a blank.
            let from = (py - y) * source.width + area.x - x
            let to = py * width + area.x
            let after = to + area.width
            if cells[to].isContinuation, area.x > 0 { cells[to - 1] = Cell(glyph: .space, style: cells[to - 1].style) }
            let cutAfter = area.maxX < width && cells[after].isContinuation
            source.cells.withUnsafeBufferPointer { copy in
                cells.withUnsafeMutableBufferPointer { into in
                    // Cells are plain data: a row's part is copied as memory.
                    (into.baseAddress! + to).update(from: copy.baseAddress! + from, count: area.width)
                }
            }
            if cells[to].isContinuation { cells[to] = Cell(glyph: .space, style: cells[to].style) }
            if area.maxX - x < source.width, source.cells[from + area.width].isContinuation {
                cells[after - 1] = Cell(glyph: .space, style: cells[after - 1].style)
            }
            if cutAfter { cells[after] = Cell(glyph: .space, style: cells[after].style) }
        }
        if let c = source.cursor, area.contains(x: x + c.x, y: y + c.y) { cursor = CellPosition(x: x + c.x, y: y + c.y) }
    }

    /// Makes the cells inside `rect` those of `source` (a canvas of this size), as they are: a frame brought up to
    /// date with the one after it (`FrameBuffers`). Nothing is repaired: the rectangle is all a frame drew.
    public mutating func copy(_ rect: Rect, from source: Canvas) {
        precondition(source.width == width && source.height == height, "a copy between canvases of one size")
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        source.cells.withUnsafeBufferPointer { copy in
            cells.withUnsafeMutableBufferPointer { into in
                if area.x == 0 && area.width == width {
                    let start = area.y * width
                    (into.baseAddress! + start).update(from: copy.baseAddress! + start, count: area.height * width)
                    return
                }
                for y in area.y..<area.maxY {
                    let start = y * width + area.x
                    (into.baseAddress! + start).update(from: copy.baseAddress! + start, count: area.width)
                }
            }
        }
        links = source.links
        cursor = source.cursor
    }

    /// Whether row `y`'s first `columns` cells are those of `other`'s row `y` (canvases of one width).
    public func rowMatches(_ other: Canvas, y: Int, columns: Int) -> Bool {
        guard other.width == width, y >= 0, y < height, y < other.height else { return false }
        let start = y * width
        let count = min(columns, width)
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                // A cell is plain data, so equal bytes are equal cells: most rows of most frames are unchanged,
                // and one memcmp finds so (a cell at a time, this compare was 1.6% of all samples in a crowd of
                // 2,000). Bytes that differ (a padding byte, say) are compared again a cell at a time.
                if let mine = mine.baseAddress, let theirs = theirs.baseAddress,
                    memcmp(mine + start, theirs + start, count * MemoryLayout<Cell>.stride) == 0
                {
                    return true
                }
                for i in start..<start + count where mine[i] != theirs[i] { return false }
                return true
            }
        }
    }

    /// Replaces single-column glyphs by others of one column (`table` values must be one column wide),
    /// for terminals that draw East Asian "ambiguous" characters two columns wide.
    public mutating func replaceGlyphs(_ table: [String: String]) {
        let glyphs = Dictionary(table.map { (Glyph($0.key), Glyph($0.value)) }, uniquingKeysWith: { first, _ in first })
        for i in cells.indices where !cells[i].isContinuation {
            if let replacement = glyphs[cells[i].glyph] { cells[i].glyph = replacement }
        }
    }

    /// The text of each row (wide characters once, continuation cells skipped), for tests and logs.
    public func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }

    /// Rows as text with trailing spaces removed.
    public func trimmedLines() -> [String] {
        lines().map { line in
            var s = Substring(line)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }
    }
}

import CCursesShim
import Foundation
@preconcurrency import CNCursesw
import TerminalUI

/// Puts canvases on the curses screen, writing only cells that differ from the last frame, in runs
/// of one style, then `doupdate` — ncurses compares with what the terminal shows and sends the least.
/// Cells in 24-bit colour are sent after curses (`DirectColorCells`); curses holds a stand-in for them.
struct CursesScreen {
    /// Where bytes curses does not send go: the terminal (or the headless screen's file).
    var descriptor: Int32 = STDOUT_FILENO
    private var last: Canvas?
    private var lastGraphics: [GraphicPlacement] = []
    private var pairs: [Int32: Int32] = [:]
    /// The pictures drawn as graphics over the text.
    private var layer = GraphicsLayer()
    /// Removals to send with the next frame (pictures a clear does not erase).
    private var pendingErases: [[UInt8]] = []
    /// Picture data the terminal holds, by id, with the command that makes it forget it.
    private var uploaded: [Int: [UInt8]] = [:]
    /// Each frame that sends anything is sent inside synchronized output (mode 2026: the terminal shows it
    /// whole, never half drawn) — only for a terminal that said it knows the mode.
    var synchronized = false
    /// The frame's links are written as OSC 8 hyperlinks (only for a terminal known to draw them).
    var hyperlinks = false
    /// A frame's begin-synchronized-update was sent and its end is due.
    private var updating = false
    /// Whether the terminal's cursor is shown (hidden at start: `CursesTerminal.start`).
    private var cursorVisible = false

    static let beginUpdate = Array("\u{1B}[?\(TerminalQueries.synchronizedOutputMode)h".utf8)
    static let endUpdate = Array("\u{1B}[?\(TerminalQueries.synchronizedOutputMode)l".utf8)

    /// Opens the frame's synchronized update before its first byte (once).
    private mutating func beginUpdate() {
        guard synchronized, !updating else { return }
        updating = true
        fflush(stdout)
        TerminalOutput.write(Self.beginUpdate, to: descriptor)
    }

    /// Closes it after the frame's last byte.
    private mutating func endUpdate() {
        guard updating else { return }
        updating = false
        fflush(stdout)
        TerminalOutput.write(Self.endUpdate, to: descriptor)
    }

    /// Forget the last frame (after a resize the whole screen is redrawn, and its pictures are gone). The
    /// clear that follows may free the picture data the terminal holds (kitty frees images whose placements
    /// it clears), so pictures are sent again.
    mutating func invalidate() {
        last = nil
        pendingErases += layer.reset()
        uploaded = [:]
        clearok(stdscr, true)
    }

    /// Draws the last frame again from nothing (Ctrl-L: after line noise, or another program's output).
    mutating func redrawAll() {
        guard let canvas = last else { return }
        invalidate()
        draw(canvas, graphics: lastGraphics)
    }

    /// Makes the terminal forget every picture it was given (at exit).
    mutating func forgetPictures() {
        let forget = uploaded.values.flatMap { $0 }
        uploaded = [:]
        if !forget.isEmpty { TerminalOutput.write(forget, to: descriptor) }
    }

    /// Writes the frame's changed cells, then draws its pictures over them (sixel, kitty, iTerm) and its
    /// 24-bit cells. Rows a picture leaves are rewritten in full, which erases its pixels; curses never
    /// scrolls by itself while pictures or 24-bit cells are up (they would move out of sight of the layer).
    mutating func draw(_ canvas: Canvas, graphics all: [GraphicPlacement] = []) {
        // Pictures the text draws (kitty placeholders) need only their data sent; the rest go over the text.
        let inText = all.filter(\.inText)
        let graphics = inText.isEmpty ? all : all.filter { !$0.inText }
        let withGraphics = !graphics.isEmpty || !layer.shown.isEmpty
        let direct = canvas.cells.contains(where: DirectColorCells.isDirect)
        // Direct-colour cells and pictures are found by place: curses must not move them by scrolling or
        // shifting a line (a band that moved is scrolled below, with the pictures' models).
        let inPlace = withGraphics || direct
        if last == nil || last?.width != canvas.width || last?.height != canvas.height { pendingErases += layer.reset() }
        var rows: Int32 = 0
        var columns: Int32 = 0
        ccs_window_size(stdscr, &rows, &columns)
        let width = min(canvas.width, Int(columns))
        let height = min(canvas.height, Int(rows))
        var previous = (last?.width == canvas.width && last?.height == canvas.height) ? last : nil
        if previous == nil { werase(stdscr) }
        // Curses may not scroll while pictures or direct-colour cells are up (it cannot know where they are);
        // a band of rows that moved is scrolled here instead, with curses' picture of the screen and the
        // pictures' layer (kitty's pictures in the band are deleted first and placed again).
        var cutRows = Set<Int>()
        if let shifted = previous, canvas.width == width, canvas.height == height, inPlace,
            let shift = CanvasShift.find(from: shifted, to: canvas)
        {
            let (scrolled, cut) = scrollBand(shift, of: shifted)
            previous = scrolled
            cutRows = cut
        }
        let changed = writeChangedCells(canvas, over: previous, width: width, height: height, direct: direct)
        ccs_set_attributes(stdscr, 0, 0)
        idlok(stdscr, !inPlace)
        idcok(stdscr, !inPlace)
        _ = ccs_allow_scrolling(inPlace ? 0 : 1)
        var update = withGraphics ? layer.update(to: graphics, repainting: cutRows) : GraphicsLayer.Update()
        update.erases = pendingErases + update.erases
        pendingErases = []
        for row in update.repaintRows where row < height {
            wredrawln(stdscr, Int32(row), 1)
        }
        let directBytes = direct
            ? DirectColorCells.bytes(canvas, previous: previous, rows: Set(update.repaintRows), width: width, height: height)
            : []
        let uploads = inText.compactMap(\.upload).filter { uploaded[$0.id] == nil }
        let drawsAfter = !update.draws.isEmpty || !update.erases.isEmpty || !directBytes.isEmpty || !uploads.isEmpty
        if changed || drawsAfter || !update.repaintRows.isEmpty { beginUpdate() }
        placeCursor(canvas.cursor, width: width, height: height)
        wnoutrefresh(stdscr)
        doupdate()
        let linksBefore = last?.links ?? []
        last = canvas
        lastGraphics = all
        if drawsAfter { send(update, direct: directBytes, uploads: uploads) }
        if hyperlinks { writeStaleLinks(canvas, over: previous, linksBefore: linksBefore, repainted: update.repaintRows, width: width, height: height) }
        endUpdate()
    }

    /// Shows the terminal's cursor where a text field's next character goes (an input method draws the syllable
    /// being composed there), or hides it. Curses leaves it there after the update; pictures and direct-colour
    /// cells sent after are sent with the cursor saved and put back.
    private mutating func placeCursor(_ cursor: CellPosition?, width: Int, height: Int) {
        let shown = cursor.flatMap { $0.x < width && $0.y < height ? $0 : nil }
        if let shown {
            leaveok(stdscr, false)
            wmove(stdscr, Int32(shown.y), Int32(shown.x))
        } else {
            leaveok(stdscr, true)
        }
        if cursorVisible != (shown != nil) {
            cursorVisible = shown != nil
            curs_set(shown != nil ? 1 : 0)
        }
    }

    /// Scrolls a band of rows that moved, here rather than by curses (which cannot know where pictures and
    /// direct-colour cells are): curses' picture of the screen and the pictures' layer with it (kitty's pictures
    /// in the band deleted first and placed again). Returns the previous frame as scrolled, and the rows to
    /// rewrite whole.
    private mutating func scrollBand(_ shift: CanvasShift, of before: Canvas) -> (Canvas, Set<Int>) {
        var shifted = before
        let pixelsInCells = layer.shown.contains { $0.isErasedByText }
        let (erases, cut) = layer.scroll(shift)
        var cutRows = cut
        if pixelsInCells {
            // xterm leaves remnants of pictures in the rows a region's scroll brings in: rewrite them whole.
            let incoming = shift.lines > 0
                ? (shift.bottom - shift.lines + 1)...shift.bottom : shift.top...(shift.top - shift.lines - 1)
            cutRows.formUnion(incoming)
        }
        beginUpdate()
        fflush(stdout)
        TerminalOutput.write(erases.flatMap { $0 } + Canvas.scrollBytes(shift), to: descriptor)
        ccs_scroll_region(Int32(shift.top), Int32(shift.bottom), Int32(shift.lines))
        shifted.apply(shift)
        return (shifted, cutRows)
    }

    /// Gives curses the cells that changed since `previous` (every cell without one), a run of one style at a
    /// time; returns whether any did. `direct`: whether `canvas` has cells in 24-bit colour (without them, a row
    /// equal to the last frame's is passed over whole: most rows of most frames).
    private mutating func writeChangedCells(_ canvas: Canvas, over previous: Canvas?, width: Int, height: Int, direct: Bool) -> Bool {
        var run: [wchar_t] = []
        var changed = previous == nil
        for y in 0..<height {
            // Without 24-bit cells a cell is its own stand-in; a previous frame's 24-bit cell differs from all of them.
            if !direct, let previous, canvas.rowMatches(previous, y: y, columns: width) { continue }
            var x = 0
            while x < width {
                let cell = Self.standIn(for: canvas[x, y])
                if let previous, Self.standIn(for: previous[x, y]) == cell || cell.isContinuation {
                    x += 1
                    continue
                }
                if cell.isContinuation {
                    x += 1
                    continue
                }
                // A run of changed cells of one style.
                let style = cell.style
                let start = x
                run.removeAll(keepingCapacity: true)
                while x < width {
                    let c = Self.standIn(for: canvas[x, y])
                    if c.isContinuation {
                        x += 1
                        continue
                    }
                    if c.style != style || (previous != nil && Self.standIn(for: previous![x, y]) == c) { break }
                    // The last column: writing there must not wrap; clip a wide character that would not fit.
                    let w = c.glyph.width
                    if x + w > width { break }
                    c.glyph.forEachScalar { run.append(wchar_t(bitPattern: $0.value)) }
                    x += max(1, w)
                }
                if run.isEmpty {
                    x = start + 1
                    continue
                }
                apply(style)
                changed = true
                // Ended by a NUL past the count: ncurses' waddnwstr reads the character after the last it adds
                // before it looks at the count, and a run that ended its allocation at an unmapped page took a
                // sanitized browser down there (SEGV in waddnwstr, a read one past the buffer: 2026-12-07).
                let count = Int32(run.count)
                run.append(0)
                run.withUnsafeBufferPointer { buffer in
                    _ = mvwaddnwstr(stdscr, Int32(y), Int32(start), buffer.baseAddress, count)
                }
            }
        }
        return changed
    }

    /// Writes again the links that are new, whose cells changed, or whose row was rewritten: a link's cells keep
    /// their link in the terminal until something is written over them.
    private mutating func writeStaleLinks(
        _ canvas: Canvas, over previous: Canvas?, linksBefore: [Hyperlink], repainted: [Int], width: Int, height: Int
    ) {
        let stale = canvas.links.filter { link in
            guard let previous, linksBefore.contains(link), !repainted.contains(link.y) else { return true }
            return link.columns.contains { x in x < width && link.y < height && previous[x, link.y] != canvas[x, link.y] }
        }
        if !stale.isEmpty {
            beginUpdate()
            fflush(stdout)
            TerminalOutput.write([0x1B, UInt8(ascii: "7")] + Hyperlink.bytes(stale, on: canvas) + [0x1B, UInt8(ascii: "8")], to: descriptor)
        }
    }

    /// What curses is given for a cell: a cell in 24-bit colour becomes an invisible blank, which no
    /// other cell is, so curses rewrites the place when something else goes there.
    private static func standIn(for cell: Cell) -> Cell {
        DirectColorCells.isDirect(cell) ? directStandIn : cell
    }

    private static let directStandIn = Cell(glyph: .space, style: CellStyle(attributes: .invisible))

    /// Removes what went, gives the terminal picture data it does not hold yet, and draws pictures at
    /// their cells — the cursor saved and put back (curses must find it where it left it).
    private mutating func send(_ update: GraphicsLayer.Update, direct: [UInt8], uploads: [GraphicUpload] = []) {
        fflush(stdout)
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "7")]
        bytes += direct
        for upload in uploads { send(upload, into: &bytes) }
        for erase in update.erases { bytes += erase }
        for draw in update.draws {
            if let upload = draw.upload { send(upload, into: &bytes) }
            bytes += Array("\u{1B}[\(draw.cells.y + 1);\(draw.cells.x + 1)H".utf8)
            bytes += draw.sequence
        }
        bytes += [0x1B, UInt8(ascii: "8")]
        TerminalOutput.write(bytes, to: descriptor)
    }

    /// Picture data the terminal does not hold yet, once; remembered with how to make it forget.
    private mutating func send(_ upload: GraphicUpload, into bytes: inout [UInt8]) {
        guard uploaded[upload.id] == nil else { return }
        bytes += upload.bytes
        uploaded[upload.id] = upload.forget
    }

    private mutating func apply(_ style: CellStyle) {
        var attributes: attr_t = 0
        if style.attributes.contains(.bold) { attributes |= ccs_attr_bold() }
        if style.attributes.contains(.dim) { attributes |= ccs_attr_dim() }
        if style.attributes.contains(.reverse) { attributes |= ccs_attr_reverse() }
        if style.attributes.contains(.underline) { attributes |= ccs_attr_underline() }
        if style.attributes.contains(.italic) { attributes |= ccs_attr_italic() }
        if style.attributes.contains(.invisible) { attributes |= ccs_attr_invisible() }
        ccs_set_attributes(stdscr, attributes, pair(style.foreground, style.background))
    }

    /// The colour pair for a foreground/background, allocated on first use.
    private mutating func pair(_ foreground: TerminalColor, _ background: TerminalColor) -> Int32 {
        func index(_ color: TerminalColor) -> Int32 {
            switch color {
            case .default: -1
            case .indexed(let i): Int32(i) < COLORS ? Int32(i) : -1
            case .rgb: -1
            }
        }
        let fg = index(foreground)
        let bg = index(background)
        if fg == -1 && bg == -1 { return 0 }
        let key = (fg + 1) << 16 | (bg + 1)
        if let known = pairs[key] { return known }
        // With few pairs (8-colour terminals) ncurses recycles them; then a remembered number may be stale.
        if pairs.count >= Int(COLOR_PAIRS) - 2 { pairs.removeAll() }
        let allocated = alloc_pair(fg, bg)
        let pair = allocated > 0 ? allocated : 0
        pairs[key] = pair
        return pair
    }
}

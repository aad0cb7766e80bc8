/// What the terminal shows of pictures drawn as graphics over its text, and what to do for the next frame.
///
/// Sixel pixels live in the cells they were drawn over until text is written there, so a sixel picture
/// that goes away (scrolled, covered, another view) is erased by having curses rewrite its rows — which
/// erases every other sixel picture on those rows too, so those are drawn again. A kitty picture stays
/// until it is deleted: it goes with its own erase command, and nothing else is touched. Pictures that stay
/// where they were are not sent again.
public struct GraphicsLayer: Sendable, Equatable {
    /// What to do after the frame's text is written.
    public struct Update: Sendable, Equatable {
        /// Rows curses must rewrite in full (before it flushes the frame), erasing the pictures on them.
        public var repaintRows: [Int]
        /// Commands removing pictures that went (sent before the draws).
        public var erases: [[UInt8]]
        /// Pictures to draw after the text, in order.
        public var draws: [GraphicPlacement]

        public init(repaintRows: [Int] = [], erases: [[UInt8]] = [], draws: [GraphicPlacement] = []) {
            self.repaintRows = repaintRows
            self.erases = erases
            self.draws = draws
        }
    }

    /// The pictures on screen now.
    public private(set) var shown: [GraphicPlacement] = []

    public init() {}

    /// Moves from what is shown to `wanted`: which rows to rewrite, which pictures to draw. `repainting`:
    /// rows rewritten anyway (a scroll cut the pictures on them); pictures there are drawn again.
    public mutating func update(to wanted: [GraphicPlacement], repainting: Set<Int> = []) -> Update {
        let gone = shown.filter { old in !wanted.contains { $0.isSame(as: old) } }
        var rows = repainting
        for placement in gone where placement.isErasedByText {
            rows.formUnion(placement.cells.y..<placement.cells.maxY)
        }
        let draws = wanted.filter { new in
            let wasShown = shown.contains { $0.isSame(as: new) }
            return !wasShown || (new.isErasedByText && (new.cells.y..<new.cells.maxY).contains { rows.contains($0) })
        }
        shown = wanted
        return Update(repaintRows: rows.sorted(), erases: gone.filter { !$0.isErasedByText }.map(\.erase), draws: draws)
    }

    /// The terminal is about to scroll `shift`'s region. Pictures drawn into the cells (sixel, iTerm2) move
    /// with the text when wholly inside it; one the region's edge cuts is dropped, and the rows where its
    /// remains end up are returned, to be rewritten (and what should be there drawn again). Pictures that
    /// stay until deleted (kitty) are deleted first if they touch the region: the commands are returned,
    /// to be sent before the scroll, and the frame places them again.
    public mutating func scroll(_ shift: CanvasShift) -> (erases: [[UInt8]], repaintRows: Set<Int>) {
        let region = shift.top...shift.bottom
        var erases: [[UInt8]] = []
        var repaint = Set<Int>()
        var kept: [GraphicPlacement] = []
        for var placement in shown {
            let rows = placement.cells.y..<placement.cells.maxY
            guard rows.overlaps(region) else {
                kept.append(placement)
                continue
            }
            if !placement.isErasedByText {
                erases.append(placement.erase)
                continue
            }
            let moved = (rows.lowerBound - shift.lines)..<(rows.upperBound - shift.lines)
            if region.contains(rows.lowerBound), region.contains(rows.upperBound - 1),
                region.contains(moved.lowerBound), region.contains(moved.upperBound - 1)
            {
                placement.cells.y -= shift.lines
                kept.append(placement)
                continue
            }
            // Cut: the part outside the region stays, the part inside moved (what of it stayed inside).
            for row in rows where !region.contains(row) { repaint.insert(row) }
            for row in rows where region.contains(row) {
                let to = row - shift.lines
                if region.contains(to) { repaint.insert(to) }
            }
        }
        shown = kept
        return (erases, repaint)
    }

    /// The screen is about to be cleared (a resize, a full redraw): nothing will be shown. Returns the
    /// commands removing the pictures a clear does not erase (kitty's), to send with the next frame.
    @discardableResult
    public mutating func reset() -> [[UInt8]] {
        let erases = shown.filter { !$0.isErasedByText }.map(\.erase)
        shown = []
        return erases
    }
}

/// What the terminal shows of pictures drawn as graphics over its text, and what to do for the next frame.
///
/// Sixel pixels live in the cells they were drawn over until text is written there, so a picture that goes
/// away (scrolled, covered, another view) is erased by having curses rewrite its rows — which erases every
/// other picture on those rows too, so those are drawn again. Pictures that stay where they were are not
/// sent again: scrolling the text by a line costs the rows it touches, not the whole screen.
public struct GraphicsLayer: Sendable, Equatable {
    /// What to do after the frame's text is written.
    public struct Update: Sendable, Equatable {
        /// Rows curses must rewrite in full (before it flushes the frame), erasing the pictures on them.
        public var repaintRows: [Int]
        /// Pictures to draw after the text, in order.
        public var draws: [GraphicPlacement]

        public init(repaintRows: [Int] = [], draws: [GraphicPlacement] = []) {
            self.repaintRows = repaintRows
            self.draws = draws
        }
    }

    /// The pictures on screen now.
    public private(set) var shown: [GraphicPlacement] = []

    public init() {}

    /// Moves from what is shown to `wanted`: which rows to rewrite, which pictures to draw.
    public mutating func update(to wanted: [GraphicPlacement]) -> Update {
        let gone = shown.filter { old in !wanted.contains { $0.isSame(as: old) } }
        var rows = Set<Int>()
        for placement in gone {
            rows.formUnion(placement.cells.y..<placement.cells.maxY)
        }
        let draws = wanted.filter { new in
            let wasShown = shown.contains { $0.isSame(as: new) }
            return !wasShown || (new.cells.y..<new.cells.maxY).contains { rows.contains($0) }
        }
        shown = wanted
        return Update(repaintRows: rows.sorted(), draws: draws)
    }

    /// The screen was cleared (a resize, a full redraw): nothing is shown any more.
    public mutating func reset() {
        shown = []
    }
}

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

    /// Moves from what is shown to `wanted`: which rows to rewrite, which pictures to draw.
    public mutating func update(to wanted: [GraphicPlacement]) -> Update {
        let gone = shown.filter { old in !wanted.contains { $0.isSame(as: old) } }
        var rows = Set<Int>()
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

    /// The screen is about to be cleared (a resize, a full redraw): nothing will be shown. Returns the
    /// commands removing the pictures a clear does not erase (kitty's), to send with the next frame.
    @discardableResult
    public mutating func reset() -> [[UInt8]] {
        let erases = shown.filter { !$0.isErasedByText }.map(\.erase)
        shown = []
        return erases
    }
}

/// A size in pixels (of a cell, a window, a picture).
public struct PixelSize: Sendable, Equatable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The cell sizes real terminals report: from a small bitmap font's 4×8 px to a large font on a
    /// high-density screen, 32×64 px. A terminal (or an SSH client's window size) that claims more is an
    /// attacker's answer: pictures are scaled to the cell, so their cost grows with its area.
    public static let cellWidths = 4...32
    public static let cellHeights = 8...64

    /// This size as a cell: each side clamped to what real terminals report (`cellWidths`, `cellHeights`).
    public var clampedAsCell: PixelSize {
        PixelSize(
            width: min(Self.cellWidths.upperBound, max(Self.cellWidths.lowerBound, width)),
            height: min(Self.cellHeights.upperBound, max(Self.cellHeights.lowerBound, height)))
    }
}

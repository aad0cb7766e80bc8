/// A picture drawn with the terminal's own graphics (sixel, kitty, iTerm): the cells it covers, and the
/// bytes that draw it with the cursor at the top-left cell. `identity` names what is drawn (picture, size,
/// crop): two placements with the same identity and cells look the same on screen.
public struct GraphicPlacement: Sendable, Equatable {
    public var identity: String
    /// The cells the picture covers, on screen.
    public var cells: Rect
    /// Draws it, the cursor at `cells`' top-left.
    public var sequence: [UInt8]

    public init(identity: String, cells: Rect, sequence: [UInt8]) {
        self.identity = identity
        self.cells = cells
        self.sequence = sequence
    }

    /// The same picture in the same place (whatever bytes draw it).
    func isSame(as other: GraphicPlacement) -> Bool {
        identity == other.identity && cells == other.cells
    }
}

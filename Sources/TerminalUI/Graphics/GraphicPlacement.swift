/// A picture drawn with the terminal's own graphics (sixel, kitty, iTerm): the cells it covers, and the
/// bytes that draw it with the cursor at the top-left cell. `identity` names what is drawn (picture, size,
/// crop): two placements with the same identity and cells look the same on screen.
public struct GraphicPlacement: Sendable, Equatable {
    public var identity: String
    /// The cells the picture covers, on screen.
    public var cells: Rect
    /// Draws it, the cursor at `cells`' top-left.
    public var sequence: [UInt8]
    /// Removes it from the screen (kitty: deleting its placement). Empty for pictures that text written
    /// over them erases (sixel): those go by having their rows rewritten.
    public var erase: [UInt8]
    /// Picture data the terminal must hold before `sequence` can place it (kitty: sent once per image id).
    public var upload: GraphicUpload?
    /// Drawn by the text itself (kitty's Unicode placeholders, in the frame's cells): the terminal needs only
    /// its upload; nothing is drawn over the text, nor erased.
    public var inText: Bool

    public init(
        identity: String, cells: Rect, sequence: [UInt8], erase: [UInt8] = [], upload: GraphicUpload? = nil, inText: Bool = false
    ) {
        self.identity = identity
        self.cells = cells
        self.sequence = sequence
        self.erase = erase
        self.upload = upload
        self.inText = inText
    }

    /// The same picture in the same place (whatever bytes draw it).
    func isSame(as other: GraphicPlacement) -> Bool {
        identity == other.identity && cells == other.cells
    }

    /// Whether text written over its cells erases it (sixel), rather than it staying until removed (kitty).
    public var isErasedByText: Bool { erase.isEmpty }
}

/// Picture data a terminal keeps under an id (kitty's transmission), and how to make it forget it.
public struct GraphicUpload: Sendable, Equatable {
    public var id: Int
    public var bytes: [UInt8]
    public var forget: [UInt8]

    public init(id: Int, bytes: [UInt8], forget: [UInt8]) {
        self.id = id
        self.bytes = bytes
        self.forget = forget
    }
}

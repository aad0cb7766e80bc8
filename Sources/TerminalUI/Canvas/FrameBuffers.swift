/// The two canvases a loop draws its frames into, in turn: `current`, the frame last drawn (on the screen, and kept
/// by the terminal to compare the next frame with), and the one before it, no one else's, which the next frame is
/// drawn into in its own storage — a frame never copies the canvas it draws into, nor allocates one.
///
/// A frame drawn over the last one (`BrowserScreen.render(retaining:)`) needs the last frame's cells: the canvas
/// before is brought up to date first by copying only what the last frame drew (its report's `redrawn`; all of it
/// when it was drawn whole). An edit then costs a card's cells twice, not a screen's.
public struct FrameBuffers: Sendable {
    /// The frame last drawn; between `next(over:)` and `drew(_:)`, the frame being drawn.
    public var current = Canvas(width: 0, height: 0)
    /// The frame before `current`.
    private var before = Canvas(width: 0, height: 0)
    /// What the frame in `current` drew over the one before it; nil: all of it.
    private var redrawn: [Rect]?

    public init() {}

    /// Makes `current` the canvas to draw the next frame into: the frame before the last one's storage, made the
    /// last frame's cells when the next frame is drawn `over` it (else it is reset by whoever draws it).
    public mutating func next(over retaining: Bool) {
        swap(&current, &before)
        guard retaining else { return }
        if current.width == before.width, current.height == before.height {
            for rect in redrawn ?? [before.bounds] { current.copy(rect, from: before) }
        } else {
            // The first frames: no canvas of that size yet (a copy is made at the first write).
            current = before
        }
    }

    /// The frame in `current` is drawn: `redrawn` is what it drew over the last one (its report's), nil when whole.
    public mutating func drew(_ redrawn: [Rect]?) {
        self.redrawn = redrawn
    }
}

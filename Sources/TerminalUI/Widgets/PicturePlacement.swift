public import Foundation

/// One picture a frame shows: which picture, the cell rectangle it is fitted into (aspect kept, centred),
/// and the part of that rectangle on screen (a card cut by the bottom edge shows only its top).
public struct PicturePlacement: Sendable, Hashable {
    public var url: URL
    /// The rectangle the whole picture is fitted into; it may reach past the screen's edge.
    public var frame: Rect
    /// The cells of `frame` that show; empty for a picture wanted ahead of showing (just below the screen).
    public var visible: Rect

    public init(url: URL, frame: Rect, visible: Rect? = nil) {
        self.url = url
        self.frame = frame
        self.visible = (visible ?? frame).intersection(frame)
    }

    /// A picture to have ready but not to show yet.
    public static func upcoming(url: URL, columns: Int, rows: Int) -> PicturePlacement {
        PicturePlacement(url: url, frame: Rect(x: 0, y: 0, width: columns, height: rows), visible: .zero)
    }

    /// Whether any of the picture shows.
    public var isShown: Bool { !visible.isEmpty }

    /// The same placement moved by (dx, dy) and cut to `clip`.
    public func offsetBy(dx: Int, dy: Int, clip: Rect) -> PicturePlacement {
        PicturePlacement(
            url: url, frame: frame.offsetBy(dx: dx, dy: dy), visible: visible.offsetBy(dx: dx, dy: dy).intersection(clip))
    }
}

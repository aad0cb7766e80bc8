public import Foundation

/// What a frame placed besides its text: the pictures in drawing order (most urgent first), and the
/// boxes drawn over everything (help, a question) that no picture may show through. A picture painter
/// turns it into pixels — half blocks in the cells, or a terminal's own picture protocol.
public struct FrameReport: Sendable, Equatable {
    public var pictures: [PicturePlacement] = []
    /// Rectangles drawn over the frame after its pictures were placed.
    public var covers: [Rect] = []
    /// Rectangles a frame drawn over the last one left as they were, pictures included (`BrowserScreen`'s
    /// retained frames): a painter leaves the pictures inside them alone.
    public var kept: [Rect] = []
    /// What a frame drawn over the last one drew (all else is the last frame's, `kept` included); nil when it was
    /// drawn whole. The frame after it brings the canvas before it up to date by these (`FrameBuffers`).
    public var redrawn: [Rect]?

    public init(pictures: [PicturePlacement] = [], covers: [Rect] = []) {
        self.pictures = pictures
        self.covers = covers
    }

    /// Reports a picture shown in `frame` (the part inside `visible`).
    public mutating func place(_ url: URL, in frame: Rect, visible: Rect? = nil) {
        pictures.append(PicturePlacement(url: url, frame: frame, visible: visible))
    }

    /// Reports a box drawn over what is below.
    public mutating func cover(_ rect: Rect) {
        covers.append(rect)
    }

    /// The pictures that show at least one cell not under a cover.
    public var shownPictures: [PicturePlacement] {
        pictures.filter { placement in
            placement.isShown && !covers.contains { $0.contains(placement.visible) }
        }
    }

    /// Whether `placement` is inside a rectangle left as the last frame drew it (its picture is there already).
    public func isKept(_ placement: PicturePlacement) -> Bool {
        kept.contains { $0.contains(placement.visible) }
    }

    /// Whether the cell at (x, y) is under a cover.
    public func isCovered(x: Int, y: Int) -> Bool {
        covers.contains { $0.contains(x: x, y: y) }
    }
}

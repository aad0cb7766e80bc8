public import TerminalUI

/// Where things go on the browse screen, computed from the screen size, the layout kind and whether a
/// banner shows. The view model uses it for paging and hit-testing, the renderer for drawing.
public struct BrowserLayout: Sendable, Equatable {
    public let size: ScreenSize
    public let kind: LayoutKind
    /// The title line.
    public let header: Rect
    /// The banner line (new products, errors), possibly empty.
    public let banner: Rect
    /// Where products are drawn.
    public let content: Rect
    /// The status line (spinner, counts, messages).
    public let status: Rect
    /// The key-hint line.
    public let hints: Rect

    /// Products per row: 1 in the list, as many cards as fit in the grid.
    public let itemsPerRow: Int
    /// Cells per item row: list rows and grid cards.
    public let rowHeight: Int
    /// Width of one grid card (the whole width in the list).
    public let itemWidth: Int
    /// The thumbnail box inside an item.
    public let thumbnailColumns: Int
    public let thumbnailRows: Int

    public static let listRowHeight = 3
    public static let listThumbnailColumns = 6
    public static let cardMinimumWidth = 22
    public static let cardHeight = 12

    public init(size: ScreenSize, kind: LayoutKind, showsBanner: Bool) {
        self.size = size
        self.kind = kind
        let screen = Rect(x: 0, y: 0, width: size.columns, height: size.rows)
        let (header, rest) = screen.splitTop(1)
        let (banner, body) = rest.splitTop(showsBanner ? 1 : 0)
        let (content, footer) = body.splitBottom(2)
        self.header = header
        self.banner = banner
        self.content = content
        (status, hints) = footer.splitTop(1)
        switch kind {
        case .list:
            itemsPerRow = 1
            rowHeight = Self.listRowHeight
            itemWidth = content.width
            thumbnailColumns = Self.listThumbnailColumns
            thumbnailRows = Self.listRowHeight
        case .grid:
            let columns = max(1, (content.width + 1) / (Self.cardMinimumWidth + 1))
            itemsPerRow = columns
            itemWidth = max(1, (content.width - (columns - 1)) / columns)
            // A card never spills out of the content area: on short screens it gets a smaller picture.
            rowHeight = max(6, min(Self.cardHeight, content.height))
            thumbnailColumns = max(1, itemWidth - 2)
            thumbnailRows = max(1, rowHeight - 5)
        }
    }

    /// Item rows that fit entirely in the content area (at least 1).
    public var visibleRows: Int { max(1, content.height / rowHeight) }

    /// Items that fit on one screen.
    public var visibleItems: Int { visibleRows * itemsPerRow }

    /// The row an item is on.
    public func row(of index: Int) -> Int { index / itemsPerRow }

    /// An item on screen: its index, its rectangle, and the part of it inside the content area (the
    /// row cut by the bottom edge shows only its top).
    public struct ItemFrame: Sendable, Equatable {
        public var index: Int
        public var frame: Rect
        public var visible: Rect
        /// Whether the whole item shows.
        public var isWhole: Bool { visible == frame }
    }

    /// Where each item goes when the first visible row is `scrollRow`: the full rows, then the row cut by
    /// the bottom edge (so the screen is never half empty). The one place item rectangles come from —
    /// the screens draw into them, mouse hit-testing looks them up.
    public func itemFrames(count: Int, scrollRow: Int) -> [ItemFrame] {
        let first = max(0, scrollRow) * itemsPerRow
        let last = min(count, first + visibleItems + itemsPerRow)
        guard first < last else { return [] }
        var frames: [ItemFrame] = []
        for index in first..<last {
            let frame = slot(row: row(of: index) - scrollRow, column: index % itemsPerRow)
            guard frame.y < content.maxY else { break }
            frames.append(ItemFrame(index: index, frame: frame, visible: frame.intersection(content)))
        }
        return frames
    }

    /// The rectangle of the slot at a screen row and column of items (rows counted from the top of the content).
    public func slot(row: Int, column: Int) -> Rect {
        Rect(
            x: content.x + column * (itemWidth + (kind == .grid ? 1 : 0)), y: content.y + row * rowHeight,
            width: itemWidth, height: rowHeight)
    }

    /// The rectangle of the item at `index` when the first visible row is `scrollRow`, or nil when it is not
    /// wholly on screen.
    public func frame(of index: Int, scrollRow: Int) -> Rect? {
        itemFrames(count: index + 1, scrollRow: scrollRow).last.flatMap { $0.index == index && $0.isWhole ? $0.frame : nil }
    }

    /// The item index under a cell, if any (a cut row counts: clicking it selects it and scrolls it in).
    public func index(atX x: Int, y: Int, scrollRow: Int, count: Int) -> Int? {
        itemFrames(count: count, scrollRow: scrollRow).first { $0.visible.contains(x: x, y: y) }?.index
    }
}

import Foundation
import ImageCodec
import ImagePipeline
import TerminalUI

/// Pictures drawn in the terminal's own graphics: each picture scaled once for the cell rectangle it is
/// shown in. Sixel and iTerm2: encoded for the part of it on screen (a card cut by the screen's edge shows
/// its top), the encodings kept for the next frames. Kitty: sent to the terminal once under an image id,
/// then placed (and moved, and cut) by a few bytes of placement. Pictures under a cover (help, a
/// question) are not drawn. Scaled pictures and encodings are kept in least-recently-used caches with
/// byte limits, like the half-block pictures' `ImageCache`.
struct GraphicsPictures {
    /// A picture scaled to fit a rectangle of so many cells.
    struct Source: Hashable, Sendable {
        var url: URL
        var columns: Int
        var rows: Int
    }

    /// What the caches keep, in bytes.
    struct Memory: Equatable, Sendable {
        var scaled: Int
        var encoded: Int
        var uploads: Int
    }

    let cell: PixelSize
    /// `.sixel`, `.kitty` or `.iterm`.
    let mode: PictureMode
    /// The most colours a sixel picture gets (the terminal's registers, at most 256).
    let colors: Int
    /// Kitty through tmux: pictures sent in tmux's passthrough and shown by Unicode placeholders in the
    /// cells (text tmux redraws, scrolls and covers like any other), their image id as the colour.
    let throughTmux: Bool
    /// Through tmux, the placeholders name the image by a 256-colour index: ids 16…255 (the first 16 are
    /// written as the 8 basic colours' own SGR codes by some terminal types), reused oldest first.
    private var placeholderIDs: [Source: Int] = [:]
    private var nextPlaceholderID = 16
    /// Kitty: each picture's image id, and its transmission (kept while the picture is in use).
    private var imageIDs: [Source: Int] = [:]
    private var uploads: LRUCache<Source, GraphicUpload>
    /// Scaled pictures at hand.
    private var scaled: LRUCache<Source, PixelImage>
    /// Sixel and iTerm2 encodings by placement identity (picture, size, crop, mode).
    private var encoded: LRUCache<String, [UInt8]>

    /// - Parameter memory: the most bytes each cache keeps (scaled pictures; encodings; kitty uploads).
    init(cell: PixelSize, mode: PictureMode = .sixel, colors: Int = 256, throughTmux: Bool = false, memory: Int = 32 << 20) {
        self.cell = cell
        self.mode = mode
        self.colors = max(2, min(256, colors))
        self.throughTmux = throughTmux && mode == .kitty
        scaled = LRUCache(countLimit: 1_000, costLimit: memory)
        encoded = LRUCache(countLimit: 2_000, costLimit: memory / 2)
        uploads = LRUCache(countLimit: 1_000, costLimit: memory / 2)
    }

    /// True when the scaled picture for `source` is at hand.
    func has(_ source: Source) -> Bool { scaled.peek(source) != nil }

    /// What the caches keep now.
    var memory: Memory { Memory(scaled: scaled.totalCost, encoded: encoded.totalCost, uploads: uploads.totalCost) }

    /// The source a placement needs.
    static func source(for placement: PicturePlacement) -> Source {
        Source(url: placement.url, columns: placement.frame.width, rows: placement.frame.height)
    }

    /// The frame's pictures that can be drawn now, their cells blanked in `canvas` (the graphic goes over
    /// blank cells), and the sources it wants, most urgent first.
    mutating func place(_ report: FrameReport, into canvas: inout Canvas) -> (graphics: [GraphicPlacement], wanted: [Source]) {
        var graphics: [GraphicPlacement] = []
        for placement in report.pictures where placement.isShown {
            guard !report.covers.contains(where: { !$0.intersection(placement.visible).isEmpty }) else { continue }
            let source = Self.source(for: placement)
            guard let image = scaled.value(for: source) else { continue }
            let visible = placement.visible.intersection(canvas.bounds)
            let fit = GraphicFit(size: PixelSize(width: image.width, height: image.height), in: placement.frame, cell: cell)
            guard let crop = fit.cropped(to: visible) else { continue }
            let identity = "\(placement.url.absoluteString) \(image.width)x\(image.height) \(crop.pixels) \(mode.rawValue)"
            if throughTmux {
                canvas.fill(visible)
                if let graphic = placeholders(source, image: image, fit: fit, visible: crop.cells, identity: identity, into: &canvas) {
                    graphics.append(graphic)
                }
                continue
            }
            // Not blanks: curses clears runs of blanks with erase commands (EL, EL1, ECH) whenever it rewrites
            // something else on the row, and those erase the pixels too. Concealed blanks are not blanks to it.
            canvas.fill(visible, style: CellStyle(attributes: .invisible))
            if mode == .kitty {
                if let graphic = kittyPlacement(source, image: image, crop: crop, identity: identity) { graphics.append(graphic) }
                continue
            }
            let sequence: [UInt8]
            if let known = encoded.value(for: identity) {
                sequence = known
            } else {
                let part = image.cropped(x: crop.pixels.x, y: crop.pixels.y, width: crop.pixels.width, height: crop.pixels.height)
                if mode == .iterm {
                    guard let bytes = try? ITermImageEncoder().encodeAtOwnSize(part) else { continue }
                    sequence = bytes
                } else {
                    sequence = SixelEncoder(maxColors: Self.colors(for: part, atMost: colors)).encode(part)
                }
                encoded.insert(sequence, for: identity, cost: sequence.count)
            }
            graphics.append(GraphicPlacement(identity: identity, cells: crop.cells, sequence: sequence))
        }
        return (graphics, report.pictures.map(Self.source(for:)))
    }

    /// The colours a picture is given: one per 24 pixels, 16 to `limit`. Each colour costs its register's
    /// definition and a pass over every band it appears in, so a list's 36×39-pixel thumbnail with 256
    /// colours is mostly palette; with 58 it is a third of the bytes and looks the same at that size.
    static func colors(for image: PixelImage, atMost limit: Int) -> Int {
        max(16, min(limit, image.width * image.height / 24))
    }

    /// Kitty: the picture sent once under its image id, placed at the crop's cells showing the crop's pixels
    /// at their own size (the picture was scaled for these cells already: nothing is stretched).
    /// The placement id is the cells' corner, so each place on screen is one placement to delete.
    private mutating func kittyPlacement(
        _ source: Source, image: PixelImage, crop: (cells: Rect, pixels: Rect), identity: String
    ) -> GraphicPlacement? {
        let id: Int
        if let known = imageIDs[source] {
            id = known
        } else {
            id = imageIDs.count + 1
            imageIDs[source] = id
        }
        let upload: GraphicUpload
        if let known = uploads.value(for: source) {
            upload = known
        } else {
            guard let bytes = try? KittyGraphicsEncoder().transmit(image, id: UInt32(id)) else { return nil }
            upload = GraphicUpload(id: id, bytes: bytes, forget: KittyGraphicsEncoder.delete(.image(UInt32(id))))
            uploads.insert(upload, for: source, cost: bytes.count)
        }
        let placement = UInt32(crop.cells.y * 1024 + crop.cells.x + 1)
        let sourceRect = KittyGraphicsEncoder.SourceRect(
            x: crop.pixels.x, y: crop.pixels.y, width: crop.pixels.width, height: crop.pixels.height)
        return GraphicPlacement(
            identity: identity, cells: crop.cells,
            sequence: KittyGraphicsEncoder.place(
                id: UInt32(id), placement: placement, columns: nil, rows: nil, source: sourceRect),
            erase: KittyGraphicsEncoder.delete(.placement(image: UInt32(id), placement: placement)),
            upload: upload)
    }

    /// Kitty through tmux: the picture's placeholder cells painted into `canvas` (the visible ones, each
    /// naming its row and column of the picture), and the upload — the picture and a virtual placement
    /// over the picture's cells, both in tmux's passthrough — to send before they are shown.
    private mutating func placeholders(
        _ source: Source, image: PixelImage, fit: GraphicFit, visible: Rect, identity: String, into canvas: inout Canvas
    ) -> GraphicPlacement? {
        let id: Int
        if let known = placeholderIDs[source] {
            id = known
        } else {
            id = nextPlaceholderID
            nextPlaceholderID = nextPlaceholderID == 255 ? 16 : nextPlaceholderID + 1
            placeholderIDs = placeholderIDs.filter { $0.value != id }
            placeholderIDs[source] = id
            uploads.remove(source)
        }
        let upload: GraphicUpload
        if let known = uploads.value(for: source), known.id == id {
            upload = known
        } else {
            guard let picture = try? KittyGraphicsEncoder().transmit(image, id: UInt32(id)) else { return nil }
            let placement = KittyGraphicsEncoder.virtualPlacement(id: UInt32(id), columns: fit.cells.width, rows: fit.cells.height)
            // The upload's key in the terminal's ledger: the id and the picture, so a reused id is sent anew.
            upload = GraphicUpload(
                id: id << 32 | (source.hashValue & 0xFFFF_FFFF), bytes: TmuxPassthrough.wrap(picture + placement),
                forget: TmuxPassthrough.wrap(KittyGraphicsEncoder.delete(.image(UInt32(id)))))
            uploads.insert(upload, for: source, cost: upload.bytes.count)
        }
        let style = CellStyle(foreground: .indexed(UInt8(id)))
        for y in visible.y..<visible.maxY {
            for x in visible.x..<visible.maxX {
                let text = KittyPlaceholder.cell(row: y - fit.cells.y, column: x - fit.cells.x, imageID: UInt32(id))
                canvas[x, y] = Cell(text, style: style)
            }
        }
        return GraphicPlacement(identity: identity, cells: visible, sequence: [], upload: upload, inText: true)
    }

    /// Keeps a loaded source.
    mutating func loaded(_ source: Source, _ image: PixelImage) {
        scaled.insert(image, for: source, cost: image.pixels.count + 64)
    }

    /// The picture bytes fitted to `source`'s cells: decoded no larger than needed, then scaled.
    static func load(_ bytes: [UInt8], for source: Source, cell: PixelSize) throws -> PixelImage {
        let header = try ImageHeader.read(bytes)
        let size = GraphicFit.fitted(
            PixelSize(width: header.width, height: header.height),
            into: Rect(x: 0, y: 0, width: source.columns, height: source.rows), cell: cell)
        let image = try ImageDecoder().decode(bytes, atLeast: (width: size.width, height: size.height))
        if image.width == size.width && image.height == size.height { return image }
        return ImageScaler().resize(image, width: size.width, height: size.height)
    }
}

extension GraphicsPictures: PictureSurface {
    /// Places the pictures at hand over blanked cells; the palette is the terminal's own, not a cell palette.
    mutating func paint(_ report: FrameReport, palette: PaletteKind, into canvas: inout Canvas)
        -> (graphics: [GraphicPlacement], wanted: [Source])
    {
        place(report, into: &canvas)
    }
}

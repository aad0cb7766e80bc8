public import Foundation

/// What a cached picture is: where it came from, the cell box it was rendered for, and the palette.
public struct ImageCacheKey: Hashable, Sendable, CustomStringConvertible {
    public var url: URL
    public var columns: Int
    public var rows: Int
    public var palette: PaletteKind

    public init(url: URL, columns: Int, rows: Int, palette: PaletteKind) {
        self.url = url
        self.columns = columns
        self.rows = rows
        self.palette = palette
    }

    public var description: String { "\(url.absoluteString) @\(columns)x\(rows) \(palette.rawValue)" }
}

/// A run of cells that opens a URL when clicked, where the terminal draws OSC 8 hyperlinks.
///
/// Only an `http` or `https` URL of printable ASCII is ever made a link (`validated`): a URL is written
/// inside the escape sequence, so nothing in it may end the sequence or start another.
public struct Hyperlink: Sendable, Equatable {
    public var url: String
    /// The row, and the columns the link's text takes.
    public var y: Int
    public var columns: Range<Int>

    /// A link over `columns` of row `y`, or nil when `url` is not one a link may carry.
    public init?(url: String, y: Int, columns: Range<Int>) {
        guard let url = Self.validated(url), !columns.isEmpty else { return nil }
        self.url = url
        self.y = y
        self.columns = columns
    }

    /// The most a URL may be (terminals cap theirs: kitty at 2 KB).
    public static let maximumLength = 2048

    /// `text` when it is an `http://` or `https://` URL of printable ASCII without spaces, not too long;
    /// nil otherwise.
    public static func validated(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), text.utf8.count <= maximumLength,
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return text
    }

    /// The bytes that make `links` clickable on a terminal showing `canvas`: each link's cells written again
    /// inside `ESC ] 8 ; ; URL ESC \` … `ESC ] 8 ; ; ESC \`, in their own styles, the attributes reset after.
    public static func bytes(_ links: [Hyperlink], on canvas: Canvas) -> [UInt8] {
        var out: [UInt8] = []
        for link in links where link.y >= 0 && link.y < canvas.height {
            let start = max(0, link.columns.lowerBound)
            let end = min(canvas.width, link.columns.upperBound)
            guard start < end else { continue }
            out += Array("\u{1B}[\(link.y + 1);\(start + 1)H\u{1B}]8;;\(link.url)\u{1B}\\".utf8)
            var current: CellStyle?
            var x = start
            while x < end {
                let cell = canvas[x, link.y]
                let width = max(1, cell.glyph.width)
                if cell.isContinuation || x + width > end {
                    x += 1
                    continue
                }
                DirectColorCells.sgr(from: current, to: cell.style, into: &out)
                current = cell.style
                cell.glyph.appendUTF8(to: &out)
                x += width
            }
            out += Array("\u{1B}]8;;\u{1B}\\\u{1B}[0m".utf8)
        }
        return out
    }
}

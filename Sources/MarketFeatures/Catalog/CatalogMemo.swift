import Localization
import OpenMarketAPI
import TerminalUI

/// The list's rows or the grid's cards as the last frame laid them out, each with what it was laid out from: a
/// frame lays out only the items whose inputs changed and copies the others' cells (a key moves the selection
/// over two cards of a dozen; an edit changes one). The browser's loop keeps one across its frames; a screen
/// rendered without one lays out every item, and must look the same cell for cell (`CatalogMemoTests`).
///
/// Not for sharing: one loop's frames, one at a time.
public final class CatalogMemo {
    /// What every item of a frame is laid out with: when it changes, every item is laid out again.
    struct Look: Equatable {
        let theme: Theme
        let language: Language
        let kind: LayoutKind
        let thumbnailColumns: Int
        let thumbnailRows: Int
        /// The search whose letters the names mark.
        let listedQuery: String?
    }

    /// What one item is laid out from, besides the look.
    struct Inputs: Equatable {
        let product: ProductSummary
        let selected: Bool
        let width: Int
        let height: Int
        let wished: Bool
        let marked: Bool
        let gone: Bool
        let fresh: Bool
        let low: Bool
    }

    /// An item as laid out: its cells (its frame's size) and its pictures' placements, both from its top-left cell.
    struct Entry {
        let inputs: Inputs
        let cells: Canvas
        let pictures: [PicturePlacement]
        /// The last frame that drew it.
        var frame = 0
    }

    /// Where a frame's items stand, by product, and what follows the last one: a frame of the same shape as the
    /// last, drawn over its cells, draws only the items that changed (`BrowserScreen.render(retaining:)`).
    struct Shape: Equatable {
        let look: Look
        let content: Rect
        let items: [Placed]
        /// What the list's end says ("loading more…", the end of the list), and where; nil when no end shows.
        let end: String?
    }

    struct Placed: Equatable {
        let id: Int
        let frame: Rect
    }

    /// The lines around the list, by row, as the last frame drew them (when it drew the list with nothing over it).
    private var lines: [Int: (area: Rect, line: ScreenLine, ascii: Bool)] = [:]

    private var look: Look?
    /// The shape of the last frame that drew the list with nothing over it (nil: the last frame did not).
    private(set) var shape: Shape?
    /// The items of the last frames by product, each with the frame that last drew it: kept in place from frame to
    /// frame (a frame draws some 20, and changes one or two), those no longer drawn let go when they are as many.
    private var entries: [Int: Entry] = [:]
    /// This frame's number, and how many items it drew so far.
    private var frame = 0
    private var drawn = 0
    /// Items laid out and items copied since this memo was made.
    public private(set) var laidOut = 0
    public private(set) var copied = 0

    /// An empty memo: its first frame lays out every item.
    public init() {}

    /// Starts a frame: a frame of another look forgets every item.
    func begin(_ look: Look) {
        if look != self.look {
            entries = [:]
            self.look = look
        }
        frame += 1
        drawn = 0
    }

    /// The item of product `id` laid out from `inputs` as the last frame had it, when its inputs were the same (nil:
    /// lay it out, and `keep` it).
    func item(_ id: Int, _ inputs: Inputs) -> Entry? {
        guard let index = entries.index(forKey: id), entries.values[index].inputs == inputs else { return nil }
        copied += 1
        drawn += 1
        entries.values[index].frame = frame
        return entries.values[index]
    }

    /// An item laid out anew.
    func keep(_ id: Int, _ entry: Entry) {
        laidOut += 1
        drawn += 1
        var entry = entry
        entry.frame = frame
        entries[id] = entry
    }

    /// The shape the frame drew the list in (nil: the list was not drawn, or something was drawn over it: then
    /// the lines around it are forgotten too).
    func drew(_ shape: Shape?) {
        self.shape = shape
        if shape == nil { lines = [:] }
    }

    /// Whether the last frame drew `line` in `area`, in ASCII stand-ins or not as `ascii` says (they replace
    /// glyphs after the line is drawn).
    func drewLine(_ line: ScreenLine, in area: Rect, ascii: Bool) -> Bool {
        guard let last = lines[area.y] else { return false }
        return last.area == area && last.ascii == ascii && last.line == line
    }

    /// This frame draws `line` in `area`.
    func draws(_ line: ScreenLine, in area: Rect, ascii: Bool) {
        lines[area.y] = (area, line, ascii)
    }

    /// Ends a frame: the items it did not draw are let go once they are as many as it drew (and a few).
    func end() {
        if entries.count > 2 * drawn + 8 { entries = entries.filter { $0.value.frame == frame } }
    }
}

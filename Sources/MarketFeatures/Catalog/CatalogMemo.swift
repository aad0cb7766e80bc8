import Localization
import OpenMarketAPI
public import TerminalUI

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
    }

    private var look: Look?
    /// The last frame's items by product, and this frame's so far.
    private var entries: [Int: Entry] = [:]
    private var drawn: [Int: Entry] = [:]
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
        drawn = [:]
    }

    /// The item of product `id` from `inputs`: the last frame's when its inputs were the same, else laid out by `layOut`.
    func item(_ id: Int, _ inputs: Inputs, layOut: () -> (Canvas, [PicturePlacement])) -> Entry {
        if let entry = drawn[id] ?? entries[id], entry.inputs == inputs {
            copied += 1
            drawn[id] = entry
            return entry
        }
        laidOut += 1
        let (cells, pictures) = layOut()
        let entry = Entry(inputs: inputs, cells: cells, pictures: pictures)
        drawn[id] = entry
        return entry
    }

    /// Ends a frame: only its items are kept for the next.
    func end() {
        entries = drawn
        drawn = [:]
    }
}

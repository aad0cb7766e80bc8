import Localization
import TerminalUI

/// The wish list over the content area (`F`): the kept products as last seen, one selected. Enter opens
/// one, the wish key drops it, back (or `F` again) closes the list.
public struct WishListView: Sendable, Equatable {
    /// The products shown, newest kept first (the browser keeps this in step with its wish list).
    public var products: [WishedProduct]
    public var selectedIndex = 0
    /// Where the list is kept, said under the title.
    public var place: WishPlace

    public init(products: [WishedProduct], place: WishPlace = .file, selectedIndex: Int = 0) {
        self.products = products
        self.place = place
        self.selectedIndex = selectedIndex
    }

    public var selected: WishedProduct? { products.indices.contains(selectedIndex) ? products[selectedIndex] : nil }

    /// The list changed under it: the same product stays selected where it can.
    mutating func show(_ newProducts: [WishedProduct]) {
        let id = selected?.id
        products = newProducts
        selectedIndex = id.flatMap { id in products.firstIndex { $0.id == id } } ?? min(selectedIndex, max(0, products.count - 1))
    }

    mutating func handle(_ key: KeyEvent, keymap: Keymap) -> Outcome<PresentationAction> {
        switch keymap.action(for: key, in: .browse) {
        case .wishToggle:
            return .handled(selected.map { [.wishDropped($0.id)] } ?? [])
        case .wishList:
            return .handled([.dismiss])
        case .help, .about, .colorsCycle, .picturesCycle:
            return .notMine
        default:
            break
        }
        switch keymap.action(for: key, in: .list) {
        case .open:
            return .handled(selected.map { [.wishOpened($0)] } ?? [])
        case .moveUp:
            selectedIndex = max(0, selectedIndex - 1)
            return .handled([])
        case .moveDown:
            selectedIndex = max(0, min(products.count - 1, selectedIndex + 1))
            return .handled([])
        case .moveFirst:
            selectedIndex = 0
            return .handled([])
        case .moveLast:
            selectedIndex = max(0, products.count - 1)
            return .handled([])
        default:
            break
        }
        if keymap.action(for: key, in: .detail) == .back { return .handled([.dismiss]) }
        return .handled([])
    }
}

extension WishListView: PresentedFeature {
    var presented: Presentation { .wishList(self) }

    var coversContent: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        switch input {
        case .key(let key):
            return handle(key, keymap: context.keymap)
        case .mouse(let mouse):
            // The wheel moves the selection; clicks are the list's own only where it draws rows (not handled here).
            switch mouse.kind {
            case .wheelUp: selectedIndex = max(0, selectedIndex - 1)
            case .wheelDown: selectedIndex = max(0, min(products.count - 1, selectedIndex + 1))
            default: break
            }
            return .handled([])
        }
    }

    func widget(_ context: RenderContext) -> any Widget { WishListWidget(view: self, context: context) }

    func hints(_ context: RenderContext) -> [KeyHint]? {
        let k = context.keymap
        return [
            context.hint(k.label([.moveUp, .moveDown]), .move), context.hint(k.hint(.open), .open),
            context.hint(k.hint(.wishToggle), .drop), context.hint(k.hints(.back, count: 2), .back),
        ]
    }
}

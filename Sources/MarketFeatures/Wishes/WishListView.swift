import Localization
import TerminalUI

/// The wish list over the content area (`F`): the browser's kept products (`WishesState`, read, never
/// copied), one selected. Enter opens one, the wish key drops it, back (or `F` again) closes the list.
public struct WishListView: Sendable, Equatable {
    /// Where the selection is, and the product selected there: when the list changes under the view, the
    /// same product stays selected where it can, else the same place.
    public var selectedIndex = 0
    public var selectedID: Int?

    /// What the view tells the browser.
    public enum Delegate: Sendable, Equatable {
        /// The wish key on a kept product: drop it.
        case dropped(Int)
        /// Enter on a kept product: open it.
        case opened(WishedProduct)
    }

    public init(selectedIndex: Int = 0, selectedID: Int? = nil) {
        self.selectedIndex = selectedIndex
        self.selectedID = selectedID
    }

    /// Where the selection is in `products` now.
    func selection(in products: [WishedProduct]) -> Int {
        if let selectedID, let index = products.firstIndex(where: { $0.id == selectedID }) { return index }
        return max(0, min(selectedIndex, products.count - 1))
    }

    /// The product selected in `products`, if any.
    func selected(in products: [WishedProduct]) -> WishedProduct? {
        let index = selection(in: products)
        return products.indices.contains(index) ? products[index] : nil
    }

    /// Selects the product at `index` of `products` (kept within the list).
    mutating func select(_ index: Int, in products: [WishedProduct]) {
        selectedIndex = max(0, min(products.count - 1, index))
        selectedID = products.indices.contains(selectedIndex) ? products[selectedIndex].id : nil
    }

    mutating func handle(_ key: KeyEvent, keymap: Keymap, products: [WishedProduct]) -> Outcome<PresentationAction> {
        let selected = selected(in: products)
        switch keymap.action(for: key, in: .browse) {
        case .wishToggle:
            return .handled(selected.map { [.delegate(.wishList(.dropped($0.id)))] } ?? [])
        case .wishList:
            return .handled([.dismiss])
        case .help, .about, .colorsCycle, .picturesCycle:
            return .notMine
        default:
            break
        }
        let at = selection(in: products)
        switch keymap.action(for: key, in: .list) {
        case .open:
            return .handled(selected.map { [.delegate(.wishList(.opened($0)))] } ?? [])
        case .moveUp:
            select(at - 1, in: products)
        case .moveDown:
            select(at + 1, in: products)
        case .moveFirst:
            select(0, in: products)
        case .moveLast:
            select(products.count - 1, in: products)
        default:
            if keymap.action(for: key, in: .detail) == .back { return .handled([.dismiss]) }
        }
        return .handled([])
    }
}

extension WishListView: PresentedFeature {
    var presented: Presentation { .wishList(self) }

    var coversContent: Bool { true }

    mutating func handle(_ input: PresentedInput, context: PresentationContext) -> Outcome<PresentationAction> {
        let products = context.wishes.list.products
        switch input {
        case .key(let key):
            return handle(key, keymap: context.keymap, products: products)
        case .mouse(let mouse):
            // The wheel moves the selection; clicks are the list's own only where it draws rows (not handled here).
            switch mouse.kind {
            case .wheelUp: select(selection(in: products) - 1, in: products)
            case .wheelDown: select(selection(in: products) + 1, in: products)
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

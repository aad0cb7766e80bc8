import Localization
import OpenMarketAPI

extension BrowserState {
    /// `:` or Ctrl-P: the palette, over every action offered here and every product loaded.
    mutating func openPalette() -> [BrowserEffect] {
        var entries: [PaletteEntry] = []
        for action in KeyAction.allCases {
            guard let command = action.command, isOffered(action) else { continue }
            entries.append(
                PaletteEntry(
                    target: .action(action), text: language.text(.command(command)) + " · " + action.rawValue,
                    keys: keymap.hints(action, count: 2)))
        }
        entries.reserveCapacity(entries.count + catalog.products.count)
        for product in catalog.products { entries.append(PaletteEntry(product: .product(product))) }
        presented.append(.palette(PaletteState(entries: entries)))
        return []
    }

    /// Whether the palette offers `action` now, where it opens (before it is presented): writes only to a
    /// writer; those of anywhere always; the list's own over the list, the detail's over a detail (the
    /// palette closes before they run, leaving that on top).
    func isOffered(_ action: KeyAction) -> Bool {
        switch action {
        case .edit, .delete, .register, .mine, .bulk, .undo: guard writer != nil else { return false }
        default: break
        }
        switch action.context {
        case .browse: return true
        case .list: return presented.isEmpty
        case .detail: if case .detail? = presented.last { return true } else { return false }
        case .question, .form: return false
        }
    }

    /// What the palette's Enter chose: the action run as its key would, or the product's detail.
    mutating func paletteChose(_ target: PaletteEntry.Target) -> [BrowserEffect] {
        switch target {
        case .action(let action) where action.context == .detail:
            // The detail's own actions go to the detail the palette was opened over (on top again now).
            guard let top = presented.indices.last, case .detail(let detail) = presented[top] else { return [] }
            return offer(.detail(id: detail.id, .chosen(action)), at: top)
        case .action(let action):
            return run(action)
        case .product(let product), .found(let product):
            if let index = catalog.products.firstIndex(where: { $0.id == product.id }) {
                catalog.selectedIndex = index
                catalog.keepSelectionVisible()
            }
            presented.append(.detail(DetailState(summary: product)))
            return [.loadDetail(id: product.id)]
        }
    }
}

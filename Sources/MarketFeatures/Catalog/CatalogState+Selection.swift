import TerminalUI

extension CatalogState {
    mutating func clampSelection() {
        selectedIndex = products.isEmpty ? 0 : min(max(0, selectedIndex), products.count - 1)
    }

    mutating func keepSelectionVisible() {
        let layout = self.layout
        let row = layout.row(of: selectedIndex)
        if row < scrollRow { scrollRow = row }
        if row >= scrollRow + layout.visibleRows { scrollRow = row - layout.visibleRows + 1 }
        let lastRow = max(0, layout.row(of: max(0, products.count - 1)) - layout.visibleRows + 2)
        scrollRow = max(0, min(scrollRow, lastRow))
    }

    mutating func moveSelection(by delta: Int) -> [BrowserEffect] {
        guard !products.isEmpty else { return [] }
        if delta < 0 && selectedIndex == 0 {
            return refresh()  // moving up past the top reloads
        }
        return select(selectedIndex + delta)
    }

    mutating func select(_ index: Int) -> [BrowserEffect] {
        guard !products.isEmpty else { return [] }
        selectedIndex = index
        clampSelection()
        keepSelectionVisible()
        return prefetchIfNeeded()
    }

    mutating func resized(to newSize: ScreenSize) -> [BrowserEffect] {
        size = newSize
        keepSelectionVisible()
        return prefetchIfNeeded()
    }

    /// Moving and paging through the products, switching list and grid, refreshing; `.notMine` for any
    /// other action.
    mutating func handle(_ action: KeyAction) -> Outcome<BrowserEffect> {
        let layout = self.layout
        switch action {
        case .moveDown:
            return .handled(moveSelection(by: layout.itemsPerRow))
        case .moveUp:
            return .handled(moveSelection(by: -layout.itemsPerRow))
        case .moveRight:
            return .handled(layoutKind == .grid ? moveSelection(by: 1) : [])
        case .moveLeft:
            return .handled(layoutKind == .grid && selectedIndex > 0 ? moveSelection(by: -1) : [])
        case .pageDown:
            return .handled(select(selectedIndex + layout.visibleItems))
        case .pageUp:
            return .handled(select(selectedIndex - layout.visibleItems))
        case .moveFirst:
            return .handled(select(0))
        case .moveLast:
            return .handled(select(products.count - 1))
        case .toggleLayout:
            layoutKind = layoutKind.toggled
            keepSelectionVisible()
            return .handled(prefetchIfNeeded())
        case .refresh:
            return .handled(retryOrRefresh())
        case .sortCycle:
            return .handled(arrange(order: order.next))
        case .filterInStock:
            return .handled(arrange(filter: ProductFilter(inStockOnly: !filter.inStockOnly, priceRange: filter.priceRange)))
        default:
            return .notMine
        }
    }

    /// The wheel moves the selection; a press selects the item under it. A press or double click on no
    /// item is `.notMine`.
    mutating func handle(_ mouse: MouseEvent) -> Outcome<BrowserEffect> {
        let layout = self.layout
        switch mouse.kind {
        case .wheelDown:
            return .handled(moveSelection(by: layout.itemsPerRow))
        case .wheelUp:
            return .handled(selectedIndex == 0 ? [] : moveSelection(by: -layout.itemsPerRow))
        case .press, .doubleClick:
            guard let index = layout.index(atX: mouse.x, y: mouse.y, scrollRow: scrollRow, count: products.count)
            else { return .notMine }
            return .handled(select(index))
        }
    }
}

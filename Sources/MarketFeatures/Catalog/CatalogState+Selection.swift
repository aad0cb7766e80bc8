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
    /// other key.
    mutating func handle(_ key: KeyEvent) -> Outcome<BrowserEffect> {
        let layout = self.layout
        switch key {
        case .character("j"), .down:
            return .handled(moveSelection(by: layout.itemsPerRow))
        case .character("k"), .up:
            return .handled(moveSelection(by: -layout.itemsPerRow))
        case .character("l"), .right:
            return .handled(layoutKind == .grid ? moveSelection(by: 1) : [])
        case .character("h"), .left:
            return .handled(layoutKind == .grid && selectedIndex > 0 ? moveSelection(by: -1) : [])
        case .pageDown, .control("f"):
            return .handled(select(selectedIndex + layout.visibleItems))
        case .pageUp, .control("b"):
            return .handled(select(selectedIndex - layout.visibleItems))
        case .character("g"), .home:
            return .handled(select(0))
        case .character("G"), .end:
            return .handled(select(products.count - 1))
        case .character("v"), .tab:
            layoutKind = layoutKind.toggled
            keepSelectionVisible()
            return .handled(prefetchIfNeeded())
        case .character("r"):
            return .handled(retryOrRefresh())
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

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

    /// Moving and paging through the products, switching list and grid, refreshing. Nil when the key is
    /// not one of the catalog's.
    mutating func handle(_ key: KeyEvent) -> [BrowserEffect]? {
        let layout = self.layout
        switch key {
        case .character("j"), .down:
            return moveSelection(by: layout.itemsPerRow)
        case .character("k"), .up:
            return moveSelection(by: -layout.itemsPerRow)
        case .character("l"), .right:
            return layoutKind == .grid ? moveSelection(by: 1) : []
        case .character("h"), .left:
            return layoutKind == .grid && selectedIndex > 0 ? moveSelection(by: -1) : []
        case .pageDown, .control("f"):
            return select(selectedIndex + layout.visibleItems)
        case .pageUp, .control("b"):
            return select(selectedIndex - layout.visibleItems)
        case .character("g"), .home:
            return select(0)
        case .character("G"), .end:
            return select(products.count - 1)
        case .character("v"), .tab:
            layoutKind = layoutKind.toggled
            keepSelectionVisible()
            return prefetchIfNeeded()
        case .character("r"):
            return retryOrRefresh()
        default:
            return nil
        }
    }

    /// The wheel moves the selection; a press selects the item under it. Returns the effects and the
    /// item pressed, if any.
    mutating func handle(_ mouse: MouseEvent) -> (effects: [BrowserEffect], pressed: Int?) {
        let layout = self.layout
        switch mouse.kind {
        case .wheelDown:
            return (moveSelection(by: layout.itemsPerRow), nil)
        case .wheelUp:
            return (selectedIndex == 0 ? [] : moveSelection(by: -layout.itemsPerRow), nil)
        case .press, .doubleClick:
            guard let index = layout.index(atX: mouse.x, y: mouse.y, scrollRow: scrollRow, count: products.count)
            else { return ([], nil) }
            return (select(index), index)
        }
    }
}

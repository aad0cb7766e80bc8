import OpenMarketAPI

extension BrowserState {
    /// What the browser does when a feature tells it something (the feature at `index` of the stack, which
    /// may have closed already): the one place where a saved form updates the list, a confirmed delete is
    /// sent or a query is shown.
    mutating func hear(_ delegate: PresentationDelegate, from index: Int) -> [BrowserEffect] {
        switch delegate {
        case .form(.closed(let saved, let registered)):
            if presented.indices.contains(index), case .form = presented[index] { presented.remove(at: index) }
            guard let saved else { return [] }
            return formSaved(saved, registered: registered)
        case .confirmation(.confirmed(.deleteProduct(let id, _))):
            deleting.insert(id)
            return [.deleteProduct(id: id)]
        case .confirmation(.confirmed(.bulk(let plan))):
            return bulkConfirmed(plan)
        case .confirmation(.confirmed(.undoBulk(let undo))):
            return undoConfirmed(undo)
        case .confirmation(.confirmed(.restore(let products))):
            return restoreConfirmed(products)
        case .bulk(.chosen(let change)):
            return bulkChosen(change)
        case .confirmation(.confirmed(.discardChanges)):
            // The form closes itself (its `closed`), as it does for every other way out.
            guard let form else { return [] }
            return route(.form(form.mode, .discardConfirmed))
        case .search(.due(let query)):
            return query == catalog.query ? [] : catalog.apply(search: query)
        case .search(.cleared):
            return catalog.clearSearch()
        case .priceRange(.chosen(let range)):
            var filter = catalog.filter
            filter.priceRange = range
            return filter == catalog.filter ? [] : catalog.arrange(filter: filter)
        case .wishList(.dropped(let id)):
            return dropWish(id)
        case .wishList(.opened(let product)):
            return openWish(product)
        case .palette(.chose(let target)):
            return paletteChose(target)
        case .pictureWindow(.closed(let id, let index)):
            presented.removeAll { if case .pictureWindow = $0 { true } else { false } }
            return route(.detail(id: id, .pictureShown(index: index)))
        }
    }
}

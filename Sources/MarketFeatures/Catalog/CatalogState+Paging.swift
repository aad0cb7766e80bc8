import OpenMarketAPI

extension CatalogState {
    /// The first page, at start.
    mutating func start() -> [BrowserEffect] {
        requestPage(replacing: true, keepSelectedID: nil)
    }

    mutating func requestPage(replacing: Bool, keepSelectedID: Int?) -> [BrowserEffect] {
        let request = PageRequest(
            id: nextRequestID, page: replacing ? 1 : nextPage ?? 1, search: query, replaces: replacing,
            keepSelectedID: keepSelectedID, listing: listing)
        return send(request)
    }

    /// Sends `request` under a fresh id; a page that answers an older id is ignored.
    private mutating func send(_ request: PageRequest) -> [BrowserEffect] {
        var request = request
        request.id = nextRequestID
        nextRequestID += 1
        pageLoad = .loading(request)
        return [
            .loadPage(
                requestID: request.id, page: request.page, itemsPerPage: itemsPerPage, search: request.search,
                listing: request.listing)
        ]
    }

    /// `r`: the failed page again, or page 1 afresh.
    mutating func retryOrRefresh() -> [BrowserEffect] {
        guard let failed = failedRequest else { return refresh() }
        pageFailure = nil
        return send(failed)
    }

    /// Reloads page 1, keeping the selected product selected if it still exists.
    mutating func refresh() -> [BrowserEffect] {
        pageFailure = nil
        newProductCount = 0
        return requestPage(replacing: true, keepSelectedID: selectedProduct?.id)
    }

    mutating func pageLoaded(id: Int, _ result: Result<ProductPage, BrowserFailure>) -> [BrowserEffect] {
        guard let request = pageRequest, request.id == id else { return [] }  // superseded
        switch result {
        case .failure(let failure) where failure.status == 400 && request.listing != .standard:
            // A server that echoes the listing but refuses this order or filter (one of another version, one
            // that knows fewer values): declined.
            return listingWasDeclined(by: request)
        case .failure(let failure):
            pageFailure = failure.message
            pageLoad = .failed(request)
            return []
        case .success(let page) where page.listing.map { request.listing != .standard && !$0.honours(request.listing) } == true:
            // A page that does not say it was arranged as asked (a server that ignores a parameter): declined.
            return listingWasDeclined(by: request)
        case .success(let page):
            pageLoad = .idle
            if arranger != .declined { arranger = page.listing == nil ? .courseAPI : .server }
            isStarting = false
            pageFailure = nil
            if request.replaces {
                listedQuery = request.search
                searchRanking = request.search == nil ? nil : SearchRanking(page.search)
                searchSuggestion = page.products.isEmpty ? Self.suggestion(page.search, for: request.search) : nil
                allProducts = []
                merge(page.products)
                newProductCount = 0
                selectedIndex = request.keepSelectedID.flatMap { id in products.firstIndex { $0.id == id } } ?? 0
                if request.keepSelectedID == nil { scrollRow = 0 }
            } else {
                merge(page.products)
            }
            nextPage = page.hasNext ? page.pageNumber + 1 : nil
            clampSelection()
            keepSelectionVisible()
            return prefetchIfNeeded()
        }
    }

    /// The server refused or ignored the order or filter `request` asked of it: for the rest of the session
    /// the loaded pages are arranged here ("loaded pages only"), and the list starts again from page 1 as
    /// every server of the course API answers it — pages of two orders never mix.
    private mutating func listingWasDeclined(by request: PageRequest) -> [BrowserEffect] {
        arranger = .declined
        return requestPage(replacing: true, keepSelectedID: request.keepSelectedID ?? selectedProduct?.id)
    }

    /// Appends products not loaded yet (a page can repeat one when products were added meanwhile),
    /// keeping the selected product selected.
    private mutating func merge(_ page: [ProductSummary]) {
        let selectedID = selectedProduct?.id
        var seen = Set(allProducts.map(\.id))
        allProducts += page.filter { seen.insert($0.id).inserted }
        reselect(keeping: selectedID)
    }

    /// After what is shown changed: keeps `id` selected when it is still shown, and the selection in range.
    mutating func reselect(keeping id: Int? = nil) {
        if let id, let index = products.firstIndex(where: { $0.id == id }) { selectedIndex = index }
        clampSelection()
    }

    /// Only `vendorID`'s products (nil: everything again).
    mutating func showOnly(vendorID: Int?) -> [BrowserEffect] {
        let selectedID = selectedProduct?.id
        onlyVendorID = vendorID
        reselect(keeping: selectedID)
        if let vendorID, !products.isEmpty, selectedProduct?.vendorID != vendorID { selectedIndex = 0 }
        scrollRow = 0
        keepSelectionVisible()
        return prefetchIfNeeded()
    }

    /// `o` and `i`: another order, or in stock only / everything; the selected product stays selected
    /// when it is still listed.
    mutating func arrange(order newOrder: ProductOrder? = nil, filter newFilter: ProductFilter? = nil) -> [BrowserEffect] {
        let selectedID = selectedProduct?.id
        if let newOrder { order = newOrder }
        if let newFilter { filter = newFilter }
        reselect(keeping: selectedID)
        if newOrder != nil { selectedIndex = products.firstIndex { $0.id == selectedID } ?? 0 }
        keepSelectionVisible()
        // A server that orders and filters is asked for page 1 in the new order (the loaded products are
        // arranged the same way meanwhile); otherwise the loaded pages are what there is.
        if serverArranges == true { return requestPage(replacing: true, keepSelectedID: selectedID) }
        return prefetchIfNeeded()
    }

    /// Asks for the next page when the selection is near the end of what is loaded.
    mutating func prefetchIfNeeded() -> [BrowserEffect] {
        guard hasNext, pageLoad == .idle, !isStarting || !products.isEmpty else { return [] }
        guard selectedIndex >= products.count - prefetchThreshold else { return [] }
        return requestPage(replacing: false, keepSelectedID: nil)
    }

    // MARK: Search

    /// Shows the products matching `newQuery` (nil: all), from page 1.
    mutating func apply(search newQuery: String?) -> [BrowserEffect] {
        query = newQuery
        selectedIndex = 0
        scrollRow = 0
        nextPage = 1
        return requestPage(replacing: true, keepSelectedID: nil)
    }

    /// A server's "did you mean" as the list offers it: printable, one line, as long as a typed query at most, and
    /// not the query it answers (nil otherwise, or without a search).
    static func suggestion(_ search: PageSearch?, for query: String?) -> String? {
        guard let query, let offered = search?.suggestion(answering: query), offered.count <= SearchState.limit else { return nil }
        return offered
    }

    /// Searches what the market suggested for a search that found nothing (the open key on the empty list).
    mutating func searchSuggested() -> [BrowserEffect] {
        guard products.isEmpty, pageRequest == nil, listedQuery == query, let searchSuggestion else { return [] }
        self.searchSuggestion = nil
        return apply(search: searchSuggestion)
    }

    /// Drops the search, keeping the selected product selected.
    mutating func clearSearch() -> [BrowserEffect] {
        guard query != nil else { return [] }
        query = nil
        return requestPage(replacing: true, keepSelectedID: selectedProduct?.id)
    }

    // MARK: Poll

    mutating func pollTimerFired() -> [BrowserEffect] {
        guard !isPolling, pageRequest == nil, !isStarting else { return [] }
        isPolling = true
        return [.pollFirstPage(itemsPerPage: itemsPerPage, search: query)]
    }

    mutating func pollLoaded(search polledSearch: String?, _ result: Result<ProductPage, BrowserFailure>) {
        isPolling = false
        // A poll made for another search says nothing about this list.
        guard polledSearch == query, case .success(let page) = result, !allProducts.isEmpty else { return }
        let newest = allProducts.map(\.id).max() ?? Int.max
        newProductCount = page.products.filter { $0.id > newest }.count
    }

    // MARK: Writes

    /// A registered product goes first, selected.
    mutating func insertFirst(_ product: ProductSummary) {
        allProducts.removeAll { $0.id == product.id }
        allProducts.insert(product, at: 0)
        // First when the list is newest first; where the order puts it otherwise.
        selectedIndex = products.firstIndex { $0.id == product.id } ?? 0
        scrollRow = 0
        keepSelectionVisible()
    }

    /// An edited product replaces its old self (keeping the vendor name the list knew). Returns it as shown.
    mutating func replace(_ product: ProductSummary) -> ProductSummary {
        guard let index = allProducts.firstIndex(where: { $0.id == product.id }) else { return product }
        let selectedID = selectedProduct?.id
        var updated = product
        updated.vendorName = updated.vendorName ?? allProducts[index].vendorName
        allProducts[index] = updated
        reselect(keeping: selectedID)
        return updated
    }

    /// A product brought back returns to its place (newest first, by its id), unless it is there already.
    mutating func insertRestored(_ product: ProductSummary) {
        guard !allProducts.contains(where: { $0.id == product.id }) else { return }
        let selectedID = selectedProduct?.id
        allProducts.insert(product, at: allProducts.firstIndex { $0.id < product.id } ?? allProducts.count)
        reselect(keeping: selectedID)
    }

    /// A deleted product leaves the list. Returns it, if it was loaded.
    mutating func remove(id: Int) -> (ProductSummary?, [BrowserEffect]) {
        let removed = allProducts.first { $0.id == id }
        allProducts.removeAll { $0.id == id }
        reselect()
        keepSelectionVisible()
        return (removed, prefetchIfNeeded())
    }
}

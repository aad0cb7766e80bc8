import Foundation
import OpenMarketAPI
import TerminalUI

extension BrowserState {
    /// Applies one event and returns what the runtime must do next.
    public mutating func handle(_ event: BrowserEvent) -> [BrowserEffect] {
        switch event {
        case .started:
            var effects = requestPage(replacing: true, keepSelectedID: nil)
            if let id = openProductAtStart {
                detail = DetailState(summary: Self.placeholder(id: id))
                effects.append(.loadDetail(id: id))
            }
            return effects
        case .keyPressed(let key):
            return handleKey(key)
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .resized(let newSize):
            size = newSize
            keepSelectionVisible()
            return prefetchIfNeeded()
        case .pageLoaded(let id, let result):
            return pageLoaded(id: id, result)
        case .pollLoaded(let polledSearch, let result):
            isPolling = false
            // A poll made for another search says nothing about this list.
            guard polledSearch == search.applied, case .success(let page) = result, !allProducts.isEmpty else {
                return []
            }
            let newest = allProducts.map(\.id).max() ?? Int.max
            newProductCount = page.products.filter { $0.id > newest }.count
            return []
        case .pollTimerFired:
            guard !isPolling, pageRequest == nil, !isStarting else { return [] }
            isPolling = true
            return [.pollFirstPage(itemsPerPage: itemsPerPage, search: search.applied)]
        case .detailLoaded(let id, let result):
            guard var current = detail, current.summary.id == id else { return [] }
            current.isLoading = false
            switch result {
            case .success(let loaded):
                current.detail = loaded
                current.error = nil
                current.imageIndex = min(current.imageIndex, max(0, loaded.images.count - 1))
            case .failure(let failure):
                current.error = failure.message
            }
            detail = current
            return []
        case .searchDebounceElapsed(let generation):
            guard generation == search.generation, search.effectiveQuery != search.applied else { return [] }
            return applySearch()
        case .spinnerTicked:
            spinnerFrame = (spinnerFrame + 1) % 10
            return []
        case .pictureLoaded(let path, let result):
            form?.pictureLoaded(path: path, result)
            return []
        case .pathCompleted(let prefix, let candidates):
            form?.completionsArrived(for: prefix, candidates)
            return []
        case .uploadProgressed(let sent, let total):
            if form?.isSubmitting == true { form?.progress = (sent, total) }
            return []
        case .productRegistered(let result):
            guard var current = form, current.isRegistration else { return [] }
            let effects = current.submitted(result)
            form = current
            return formEffects(effects)
        case .formImagesLoaded(let id, let result):
            if case .success(let loaded) = result, form?.productID == id {
                form?.imagesArrived(loaded.images, thumbnailURL: loaded.thumbnailURL)
            }
            return []
        case .productUpdated(let id, let result):
            guard var current = form, current.productID == id else { return [] }
            let effects = current.submitted(result)
            form = current
            return formEffects(effects)
        case .productDeleted(let id, let result):
            deleting.remove(id)
            switch result {
            case .success:
                let name = allProducts.first { $0.id == id }.map { ProductText.name($0) } ?? "#\(id)"
                allProducts.removeAll { $0.id == id }
                refilter()
                if detail?.summary.id == id { detail = nil }
                clampSelection()
                keepSelectionVisible()
                notice = "Deleted “\(name)”."
                return prefetchIfNeeded()
            case .failure(let failure):
                errorMessage = "Could not delete #\(id): \(failure.message)"
                return []
            }
        }
    }

    // MARK: Pages

    mutating func requestPage(replacing: Bool, keepSelectedID: Int?) -> [BrowserEffect] {
        let id = nextRequestID
        nextRequestID += 1
        let request = PageRequest(
            id: id, page: replacing ? 1 : nextPage, search: search.applied, replaces: replacing,
            keepSelectedID: keepSelectedID)
        pageRequest = request
        failedRequest = nil
        return [.loadPage(requestID: id, page: request.page, itemsPerPage: itemsPerPage, search: request.search)]
    }

    mutating func retry(_ request: PageRequest) -> [BrowserEffect] {
        var again = request
        again.id = nextRequestID
        nextRequestID += 1
        pageRequest = again
        failedRequest = nil
        errorMessage = nil
        return [.loadPage(requestID: again.id, page: again.page, itemsPerPage: itemsPerPage, search: again.search)]
    }

    mutating func pageLoaded(id: Int, _ result: Result<ProductPage, BrowserFailure>) -> [BrowserEffect] {
        guard let request = pageRequest, request.id == id else { return [] }  // superseded
        pageRequest = nil
        switch result {
        case .failure(let failure):
            errorMessage = failure.message
            failedRequest = request
            return []
        case .success(let page):
            isStarting = false
            errorMessage = nil
            if request.replaces {
                let keep = request.keepSelectedID
                allProducts = Self.deduplicated(page.products)
                refilter()
                newProductCount = 0
                selectedIndex = keep.flatMap { id in products.firstIndex { $0.id == id } } ?? 0
                if keep == nil { scrollRow = 0 }
            } else {
                let selectedID = selectedProduct?.id
                var seen = Set(allProducts.map(\.id))
                for product in page.products where seen.insert(product.id).inserted {
                    allProducts.append(product)
                }
                refilter(keeping: selectedID)
            }
            hasNext = page.hasNext
            nextPage = page.pageNumber + 1
            clampSelection()
            keepSelectionVisible()
            return prefetchIfNeeded()
        }
    }

    /// Recomputes what is shown from everything loaded; keeps `id` selected when it is still shown.
    mutating func refilter(keeping id: Int? = nil) {
        if mineOnly, let mine = writer?.vendorID {
            products = allProducts.filter { $0.vendorID == mine }
        } else {
            products = allProducts
        }
        if let id, let index = products.firstIndex(where: { $0.id == id }) { selectedIndex = index }
        clampSelection()
    }

    /// `m`: only the writer's products, or all again.
    mutating func toggleMineOnly() -> [BrowserEffect] {
        guard let mine = writer?.vendorID else {
            notice =
                writer == nil
                ? "No vendor identity: start with --identifier and --secret to see your products."
                : "Your vendor id is not known yet; register a product first."
            return []
        }
        mineOnly.toggle()
        refilter(keeping: selectedProduct?.id)
        if mineOnly, products.isEmpty == false, selectedProduct?.vendorID != mine { selectedIndex = 0 }
        scrollRow = 0
        keepSelectionVisible()
        notice = mineOnly ? "My products only — m shows everything again." : nil
        return prefetchIfNeeded()
    }

    static func deduplicated(_ items: [ProductSummary]) -> [ProductSummary] {
        var seen = Set<Int>()
        return items.filter { seen.insert($0.id).inserted }
    }

    /// Asks for the next page when the selection is near the end of what is loaded.
    mutating func prefetchIfNeeded() -> [BrowserEffect] {
        guard hasNext, pageRequest == nil, failedRequest == nil, !isStarting || !products.isEmpty else { return [] }
        guard selectedIndex >= products.count - prefetchThreshold else { return [] }
        return requestPage(replacing: false, keepSelectedID: nil)
    }

    /// Reloads page 1, keeping the selected product selected if it still exists.
    mutating func refresh() -> [BrowserEffect] {
        errorMessage = nil
        newProductCount = 0
        return requestPage(replacing: true, keepSelectedID: selectedProduct?.id)
    }

    // MARK: Selection

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
        selectedIndex += delta
        clampSelection()
        keepSelectionVisible()
        return prefetchIfNeeded()
    }

    mutating func select(_ index: Int) -> [BrowserEffect] {
        guard !products.isEmpty else { return [] }
        selectedIndex = index
        clampSelection()
        keepSelectionVisible()
        return prefetchIfNeeded()
    }

    // MARK: Keys

    mutating func handleKey(_ key: KeyEvent) -> [BrowserEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        if key == .control("c") { return [.quit] }
        if confirmation != nil { return handleConfirmationKey(key) }
        if var current = form {
            let effects = current.handle(key)
            form = current
            return formEffects(effects)
        }
        notice = nil
        if key == .character("d"), !search.isEditing {
            return askToDelete(detail?.summary ?? selectedProduct)
        }
        if key == .character("e"), !search.isEditing {
            return openEditor(detail?.summary ?? selectedProduct)
        }
        if key == .character("m"), !search.isEditing, detail == nil {
            return toggleMineOnly()
        }
        if key == .character("n"), !search.isEditing, detail == nil {
            if let readOnlyNotice {
                notice = readOnlyNotice
                return []
            }
            guard writer != nil else {
                notice = "No vendor identity: start with --identifier and --secret to register products."
                return []
            }
            form = ProductFormState(registering: .krw)
            return []
        }
        if search.isEditing { return handleSearchKey(key) }
        if detail != nil { return handleDetailKey(key) }
        let layout = self.layout
        switch key {
        case .character("q"):
            return [.quit]
        case .escape:
            if search.applied != nil || !search.query.isEmpty { return clearSearch() }
            return []
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
        case .enter:
            return openSelected()
        case .character("/"):
            search.isEditing = true
            return []
        case .character("r"):
            if let failed = failedRequest { return retry(failed) }
            return refresh()
        case .character("?"):
            showsHelp = true
            return []
        case .character("c"):
            colorMode = colorMode.next(maxColors: maxColors)
            return []
        default:
            return []
        }
    }

    // MARK: Edit

    /// What the detail shows of a product known only by its id, until its detail arrives.
    static func placeholder(id: Int) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: 0, name: "Product #\(id)", currency: .krw, price: 0, bargainPrice: 0, discountedPrice: 0,
            stock: 0, createdAt: Date(timeIntervalSince1970: 0), issuedAt: Date(timeIntervalSince1970: 0))
    }

    /// Why the writer may not change `product`, or nil when it may.
    func refusal(toChange product: ProductSummary, _ verb: String) -> String? {
        if let readOnlyNotice { return readOnlyNotice }
        guard let writer else {
            return "No vendor identity: start with --identifier and --secret to \(verb) your products."
        }
        if let mine = writer.vendorID, mine != product.vendorID {
            return "“\(ProductText.name(product))” belongs to \(ProductText.vendor(product)); only its vendor can \(verb) it."
        }
        return nil
    }

    /// Opens the edit form on one of the writer's products, or says why it cannot be edited.
    mutating func openEditor(_ product: ProductSummary?) -> [BrowserEffect] {
        guard let product else { return [] }
        if let reason = refusal(toChange: product, "edit") {
            notice = reason
            return []
        }
        let images = detail?.summary.id == product.id ? detail?.detail?.images ?? [] : []
        form = ProductFormState(editing: detail?.detail?.summary ?? product, images: images)
        return images.isEmpty ? [.loadFormImages(id: product.id)] : []
    }

    /// Turns what the form asks for into runtime effects and state changes.
    mutating func formEffects(_ effects: [ProductFormState.Effect]) -> [BrowserEffect] {
        var out: [BrowserEffect] = []
        for effect in effects {
            switch effect {
            case .submitUpdate(let id, let changes):
                out.append(.updateProduct(id: id, changes: changes))
            case .submitRegistration(let product, let pictures):
                out.append(.registerProduct(product, pictures: pictures))
            case .preparePicture(let path):
                out.append(.preparePicture(path: path, previewColumns: 10, previewRows: 4))
            case .completePath(let prefix):
                out.append(.completePath(prefix))
            case .close(let saved):
                let registered = form?.isRegistration == true
                form = nil
                guard let saved else { continue }
                if registered {
                    // Now the writer's vendor id is known, whoever it is.
                    if writer?.vendorID == nil { writer?.vendorID = saved.vendorID }
                    // The new product goes first in the list, selected.
                    var summary = saved.summary
                    summary.vendorName = summary.vendorName ?? writer?.vendorName
                    allProducts.removeAll { $0.id == saved.id }
                    allProducts.insert(summary, at: 0)
                    refilter()
                    selectedIndex = 0
                    scrollRow = 0
                    notice = "Registered “\(ProductText.name(summary))”."
                    continue
                }
                var summary = saved.summary
                if let index = allProducts.firstIndex(where: { $0.id == saved.id }) {
                    summary.vendorName = summary.vendorName ?? allProducts[index].vendorName
                    allProducts[index] = summary
                    refilter(keeping: selectedProduct?.id)
                }
                if detail?.summary.id == saved.id {
                    detail?.summary = summary
                    detail?.detail = saved
                }
                notice = "Saved “\(ProductText.name(summary))”."
            }
        }
        return out
    }

    // MARK: Delete

    /// Asks "Delete …?" for one of the writer's products, or says why it cannot be deleted.
    mutating func askToDelete(_ product: ProductSummary?) -> [BrowserEffect] {
        guard let product else { return [] }
        if let reason = refusal(toChange: product, "delete") {
            notice = reason
            return []
        }
        confirmation = Confirmation(action: .deleteProduct(id: product.id, name: ProductText.name(product)))
        return []
    }

    mutating func handleConfirmationKey(_ key: KeyEvent) -> [BrowserEffect] {
        guard var current = confirmation else { return [] }
        switch key {
        case .character("y"), .character("Y"):
            current.yesFocused = true
            fallthrough
        case .enter:
            confirmation = nil
            guard current.yesFocused else { return [] }
            switch current.action {
            case .deleteProduct(let id, _):
                deleting.insert(id)
                return [.deleteProduct(id: id)]
            }
        case .character("n"), .character("N"), .escape, .character("q"):
            confirmation = nil
        case .left, .right, .tab, .backTab, .character("h"), .character("l"):
            current.yesFocused.toggle()
            confirmation = current
        default:
            break
        }
        return []
    }

    mutating func openSelected() -> [BrowserEffect] {
        guard let product = selectedProduct else { return [] }
        detail = DetailState(summary: product)
        return [.loadDetail(id: product.id)]
    }

    mutating func handleDetailKey(_ key: KeyEvent) -> [BrowserEffect] {
        guard var current = detail else { return [] }
        switch key {
        case .character("q"), .escape, .backspace:
            detail = nil
            return []
        case .character("l"), .right:
            if current.imageCount > 0 { current.imageIndex = (current.imageIndex + 1) % current.imageCount }
        case .character("h"), .left:
            if current.imageCount > 0 {
                current.imageIndex = (current.imageIndex + current.imageCount - 1) % current.imageCount
            }
        case .character("j"), .down:
            current.scroll += 1
        case .character("k"), .up:
            current.scroll = max(0, current.scroll - 1)
        case .pageDown, .character(" "):
            current.scroll += max(1, size.rows / 2)
        case .pageUp:
            current.scroll = max(0, current.scroll - max(1, size.rows / 2))
        case .character("g"), .home:
            current.scroll = 0
        case .character("r"):
            current.isLoading = true
            current.error = nil
            detail = current
            return [.loadDetail(id: current.summary.id)]
        case .character("?"):
            showsHelp = true
        case .character("c"):
            colorMode = colorMode.next(maxColors: maxColors)
        default:
            break
        }
        detail = current
        return []
    }

    // MARK: Search

    mutating func handleSearchKey(_ key: KeyEvent) -> [BrowserEffect] {
        switch key {
        case .escape:
            search.isEditing = false
            return clearSearch()
        case .enter:
            search.isEditing = false
            return search.effectiveQuery != search.applied ? applySearch() : []
        case .backspace:
            guard !search.query.isEmpty else { return [] }
            search.query.removeLast()
        case .control("u"):
            search.query = ""
        case .character(let c):
            guard search.query.count < 100 else { return [] }
            search.query.append(c)
        case .paste(let text):
            search.query += TerminalText.sanitized(text.replacingOccurrences(of: "\n", with: " ")).prefix(100)
        default:
            return []
        }
        search.generation += 1
        return [.scheduleSearch(generation: search.generation, after: searchDelay)]
    }

    mutating func applySearch() -> [BrowserEffect] {
        search.applied = search.effectiveQuery
        selectedIndex = 0
        scrollRow = 0
        hasNext = true
        return requestPage(replacing: true, keepSelectedID: nil)
    }

    mutating func clearSearch() -> [BrowserEffect] {
        search.query = ""
        search.generation += 1
        guard search.applied != nil else { return [] }
        search.applied = nil
        return requestPage(replacing: true, keepSelectedID: selectedProduct?.id)
    }

    // MARK: Mouse

    mutating func handleMouse(_ mouse: MouseEvent) -> [BrowserEffect] {
        if confirmation != nil || form != nil { return [] }
        if showsHelp {
            showsHelp = false
            return []
        }
        if detail != nil {
            switch mouse.kind {
            case .wheelDown: return handleDetailKey(.down)
            case .wheelUp: return handleDetailKey(.up)
            default: return []
            }
        }
        let layout = self.layout
        switch mouse.kind {
        case .wheelDown:
            return moveSelection(by: layout.itemsPerRow)
        case .wheelUp:
            return selectedIndex == 0 ? [] : moveSelection(by: -layout.itemsPerRow)
        case .press, .doubleClick:
            guard let index = layout.index(atX: mouse.x, y: mouse.y, scrollRow: scrollRow),
                products.indices.contains(index)
            else { return [] }
            var effects = select(index)
            if mouse.kind == .doubleClick { effects += openSelected() }
            return effects
        }
    }
}

import Localization
import Foundation
import OpenMarketAPI
import TerminalUI

extension BrowserState {
    /// Applies one event and returns what the runtime must do next; when it opened or closed a product's
    /// detail, the market is told what this browser looks at now.
    public mutating func handle(_ event: BrowserEvent) -> [BrowserEffect] {
        let effects = apply(event)
        return effects + reportLook()
    }

    private mutating func apply(_ event: BrowserEvent) -> [BrowserEffect] {
        switch event {
        case .started:
            var effects = catalog.start() + wishes.look() + [.followChanges]
            // A writer whose vendor id was not given learns it from the market, so m (and a seller's counts)
            // work from the start, not only after their first registration.
            if let writer, writer.vendorID == nil { effects.append(.findVendor) }
            if let id = openProductAtStart {
                presented.append(.detail(DetailState(id: id)))
                effects.append(.loadDetail(id: id))
            }
            return effects
        case .keyPressed(let key):
            return handleKey(key)
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .resized(let newSize):
            return catalog.resized(to: newSize)
        case .pageLoaded(let id, let result):
            return catalog.pageLoaded(id: id, result)
        case .pollLoaded(let search, let result):
            catalog.pollLoaded(search: search, result)
            return []
        case .pollTimerFired:
            // While the market's stream is followed, its news come as they happen: nothing to ask for.
            guard !live.isLive else { return [] }
            return catalog.pollTimerFired() + wishes.look()
        case .live(let event):
            return heard(event)
        case .freshMarkExpired(let id, let generation):
            freshMarkExpired(id: id, generation: generation)
            return []
        case .colorSchemeChanged(let scheme):
            // Only the `auto` theme follows the terminal; a theme chosen by name stays.
            if themeFollowsTerminal { themeName = scheme == .light ? .light : .dark }
            return []
        case .lookCounted(let id, let count):
            lookCounted(productID: id, count: count)
            return []
        case .wishesChecked(let looks):
            return wishesChecked(looks)
        case .vendorFound(let id):
            if writer != nil, writer?.vendorID == nil { writer?.vendorID = id }
            return []
        case .wishListLoaded(let products):
            return wishes.loaded(products)
        case .wishPlaceFound(let place):
            wishes.place = place
            return []
        case .spinnerTicked:
            spinnerFrame &+= 1
            return []
        case .presented(let event):
            return route(event)
        case .bulkWritten(let job, let id, let result):
            return bulkWritten(job: job, productID: id, result)
        case .productDeleted(let id, let result):
            deleting.remove(id)
            switch result {
            case .success(let detail):
                marks.remove(id)
                let (removed, effects) = catalog.remove(id: id)
                undoable = .delete([removed ?? detail.summary])
                presented.removeAll { if case .detail(let detail) = $0 { detail.id == id } else { false } }
                notice = language.text(.deleted(name: removed.map { ProductText.name($0) } ?? "#\(id)"))
                return effects
            case .failure(let failure):
                // The delete's own failure, on the status line where its success goes (a page's failure is the banner's).
                notice = language.text(.couldNotDelete(id: id, reason: failure.message))
                return []
            }
        }
    }

    // MARK: Input

    mutating func handleKey(_ key: KeyEvent) -> [BrowserEffect] {
        if key == .control("c") { return [.quit] }
        if let top = presented.indices.last {
            if !presented[top].feature.isModal { notice = nil }
            if case .handled(let actions) = presented[top].handle(.key(key), context: presentationContext) {
                return perform(actions, at: top)
            }
        } else {
            notice = nil
        }
        return handleOwnKey(key)
    }

    /// The keys that work wherever nothing presented took them, then those of the list itself.
    mutating func handleOwnKey(_ key: KeyEvent) -> [BrowserEffect] {
        if let action = keymap.action(for: key, in: .browse) { return run(action) }
        guard presented.isEmpty, let action = keymap.action(for: key, in: .list) else { return [] }
        return run(action)
    }

    /// What an action does, from its key or from the palette: those that work anywhere, then the list's own
    /// (only with nothing presented over the list).
    mutating func run(_ action: KeyAction) -> [BrowserEffect] {
        if let effects = runAnywhere(action) { return effects }
        guard presented.isEmpty, action.context == .list else { return [] }
        if case .handled(let effects) = catalog.handle(action) { return effects }
        switch action {
        case .quit:
            return [.quit]
        case .searchClear:
            return catalog.clearSearch()
        case .open:
            // On a search that found nothing, the market's "did you mean".
            return catalog.products.isEmpty ? catalog.searchSuggested() : openSelected()
        case .search:
            presented.append(.search(SearchState(query: catalog.query ?? "")))
            return []
        case .filterPrice:
            presented.append(.priceRange(PriceRangeLine(editing: catalog.filter.priceRange, fallback: catalog.selectedProduct?.currency)))
            return []
        case .mine:
            return toggleMineOnly()
        case .register:
            return openRegistration()
        case .markToggle:
            return toggleMark()
        case .markRange:
            return markRange()
        case .markClear:
            return clearMarks()
        case .bulk:
            return openBulk()
        case .undo:
            return askToUndo()
        default:
            return []
        }
    }

    /// The actions that work wherever the browser is; nil for the others.
    mutating func runAnywhere(_ action: KeyAction) -> [BrowserEffect]? {
        if Self.actsOnProduct.contains(action), let detail, detail.product == nil {
            // A detail opened by its number: only the number is known until the product arrives (or did not).
            notice = language.text(detail.error.map { .notLoaded(id: detail.id, reason: $0) } ?? .notArrived(id: detail.id))
            return []
        }
        switch action {
        case .help:
            presented.append(.help(HelpState()))
        case .about:
            presented.append(.about(AboutState()))
        case .colorsCycle:
            colorMode = colorMode.next(maxColors: maxColors)
        case .picturesCycle:
            if let index = pictureModes.firstIndex(of: pictureMode) {
                pictureMode = pictureModes[(index + 1) % pictureModes.count]
            } else if let first = pictureModes.first {
                pictureMode = first
            }
        case .delete: return askToDelete(currentProduct)
        case .edit: return openEditor(currentProduct)
        case .copyLink: return copy(currentProduct, whole: false)
        case .copySummary: return copy(currentProduct, whole: true)
        case .wishToggle: return toggleWish()
        case .wishList: return openWishList()
        case .palette: return openPalette()
        default: return nil
        }
        return []
    }

    /// The actions that need the product in view (not only its number).
    static let actsOnProduct: Set<KeyAction> = [.delete, .edit, .copyLink, .copySummary, .wishToggle]

    mutating func handleMouse(_ mouse: MouseEvent) -> [BrowserEffect] {
        if let top = presented.indices.last {
            if case .handled(let actions) = presented[top].handle(.mouse(mouse), context: presentationContext) {
                return perform(actions, at: top)
            }
            if presented.contains(where: { $0.feature.coversContent }) { return [] }
        }
        guard case .handled(var effects) = catalog.handle(mouse) else { return [] }
        // A double click on an item opens it.
        if mouse.kind == .doubleClick { effects += openSelected() }
        return effects
    }

    var presentationContext: PresentationContext {
        PresentationContext(
            pageRows: max(1, size.rows / 2), screenRows: size.rows, screenColumns: size.columns, palette: palette, keymap: keymap,
            language: language, wishes: wishes, about: presented.last.flatMap { if case .about = $0 { AboutFacts(self) } else { nil } })
    }

    /// Carries out what the feature at `index` of the stack asked for: the stack's operations here, what it
    /// tells the browser in `hear`.
    mutating func perform(_ actions: [PresentationAction], at index: Int) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .dismiss:
                if presented.indices.contains(index) { presented.remove(at: index) }
            case .run(let effect):
                effects.append(effect)
            case .present(let presentation):
                presented.append(presentation)
            case .delegate(let delegate):
                effects += hear(delegate, from: index)
            }
        }
        return effects
    }

    /// Offers an answer to every layer of the stack, top first, and carries out what the ones it was for
    /// asked. An answer for a feature that has closed finds no taker and changes nothing.
    mutating func route(_ event: PresentedEvent) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for index in presented.indices.reversed() where presented.indices.contains(index) {
            effects += offer(event, at: index)
        }
        return effects
    }

    /// Offers `event` to the layer at `index` alone, and carries out what it asked if it was its.
    mutating func offer(_ event: PresentedEvent, at index: Int) -> [BrowserEffect] {
        guard case .handled(let actions) = presented[index].receive(event, context: presentationContext) else { return [] }
        return perform(actions, at: index)
    }
}

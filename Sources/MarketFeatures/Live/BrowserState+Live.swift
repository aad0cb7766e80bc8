import Localization
import OpenMarketAPI

extension BrowserState {
    /// What the market's change stream said: the phase it is in, or a change to show where it is shown.
    mutating func heard(_ event: ChangeFeedEvent) -> [BrowserEffect] {
        switch event {
        case .opened:
            live.phase = .live
            return []
        case .lost(let wait):
            live.phase = .lost(retryIn: wait)
            forgetViewer()
            return []
        case .unavailable:
            live.phase = .unavailable
            live.browsing = nil
            forgetViewer()
            return []
        case .change(let change):
            return heard(change)
        }
    }

    private mutating func heard(_ change: MarketChange) -> [BrowserEffect] {
        switch change {
        case .here(let count):
            live.browsing = count
            return []
        case .viewer(let token):
            // A new stream, a new viewer: what this browser looks at is said again (`reportLook`).
            forgetViewer()
            live.viewer = token
            return []
        case .looking(let id, let count):
            live.looking[id] = count
            return []
        case .registered(let product):
            live.gone.remove(product.id)
            // Newer than the newest shown: the banner says so at once (with a search, page 1 is asked for the
            // matches, as the poll would).
            guard !catalog.allProducts.isEmpty, product.id > (catalog.allProducts.map(\.id).max() ?? .max) else { return [] }
            guard catalog.query == nil else { return catalog.pollTimerFired() }
            catalog.newProductCount += 1
            live.announced.insert(product.id)
            return []
        case .edited(let product):
            var effects: [BrowserEffect] = []
            if catalog.allProducts.contains(where: { $0.id == product.id }) {
                live.gone.remove(product.id)
                _ = catalog.replace(product)
                effects.append(live.mark(product.id))
            }
            if let detail, detail.id == product.id, detail.product != nil { effects.append(.loadDetail(id: product.id)) }
            return effects + wishesHeard([WishLook(id: product.id, product: product)])
        case .deleted(let id):
            if catalog.allProducts.contains(where: { $0.id == id }), !deleting.contains(id) {
                live.gone.insert(id)
                live.fresh[id] = nil
            }
            if let detail, detail.id == id {
                notice = language.text(.deletedMeanwhile(name: detail.product.map { ProductText.name($0) } ?? "#\(id)"))
            }
            return wishesHeard([WishLook(id: id, product: nil)])
        case .reset:
            // Changes may have been missed: what is shown is read again, and the status line says why.
            live.gone.removeAll()
            live.fresh.removeAll()
            notice = language.text(.reloadedAfterGap)
            return catalog.refresh() + wishes.look()
        }
    }

    /// The viewer of a stream that is gone: the counts it brought may no longer be true.
    private mutating func forgetViewer() {
        live.viewer = nil
        live.lookReported = nil
        live.looking = [:]
    }

    /// Says what this browser looks at (the open detail's product, or none) when that changed since it last said
    /// it, while the stream gives it a viewer to say it as.
    mutating func reportLook() -> [BrowserEffect] {
        guard let viewer = live.viewer else { return [] }
        let now = detail?.id
        guard now != live.lookReported else { return [] }
        live.lookReported = now
        if now == nil { live.looking = [:] }
        return [.reportLook(viewer: viewer, productID: now)]
    }

    /// The market's answer to a look: how many look at the product.
    mutating func lookCounted(productID: Int, count: Int) {
        guard live.lookReported == productID else { return }
        live.looking[productID] = count
    }

    /// A product this browser registered is shown first: if the stream's event of it came before the answer and
    /// raised the banner, it is no longer new to anyone here.
    mutating func ownRegistrationShown(id: Int) {
        guard live.announced.remove(id) != nil else { return }
        catalog.newProductCount = max(0, catalog.newProductCount - 1)
    }

    /// A changed product's mark has been shown long enough.
    mutating func freshMarkExpired(id: Int, generation: Int) {
        live.expire(id, generation: generation)
    }

    /// Kept products the stream changed: news as a look would bring (the look under way, if any, goes on).
    private mutating func wishesHeard(_ looks: [WishLook]) -> [BrowserEffect] {
        let (news, effects) = wishes.heard(looks)
        catalog.wishNews += news
        return effects
    }
}

import Localization
import OpenMarketAPI

extension BrowserState {
    /// `f`: keeps the product in view (the detail's, else the selected one) or drops it.
    mutating func toggleWish() -> [BrowserEffect] {
        guard let product = currentProduct else { return [] }
        switch wishList.toggle(product) {
        case true?:
            droppedBeforeLoad.remove(product.id)
            notice = language.text(.wishKept(name: ProductText.name(product), count: wishList.count))
        case false?:
            if !wishListReady { droppedBeforeLoad.insert(product.id) }
            notice = language.text(.wishDropped(name: ProductText.name(product)))
        case nil:
            notice = language.text(.wishListFull(most: WishList.limit))
            return []
        }
        return wishListChanged()
    }

    /// `F`: the wish list over the content; what changed is now seen, so the banner goes.
    mutating func openWishList() -> [BrowserEffect] {
        catalog.wishNews = []
        presented.append(.wishList(WishListView(products: wishList.products, place: wishPlace)))
        return []
    }

    /// A product dropped from the open wish list.
    mutating func dropWish(_ id: Int) -> [BrowserEffect] {
        guard let product = wishList.products.first(where: { $0.id == id }) else { return [] }
        wishList.drop(id)
        if !wishListReady { droppedBeforeLoad.insert(id) }
        notice = language.text(.wishDropped(name: ProductText.name(product.summary)))
        return wishListChanged()
    }

    /// A kept product opened from the wish list: its detail, with what was last seen until the market's comes.
    mutating func openWish(_ product: WishedProduct) -> [BrowserEffect] {
        presented.append(.detail(DetailState(summary: product.summary)))
        return [.loadDetail(id: product.id)]
    }

    /// The next few kept products to look at, when no look is under way.
    mutating func lookAtWishes() -> [BrowserEffect] {
        guard !checkingWishes, !wishList.isEmpty else { return [] }
        let ids = wishList.idsToCheck()
        guard !ids.isEmpty else { return [] }
        checkingWishes = true
        return [.checkWishes(ids: ids)]
    }

    /// What a look found: a banner for each change for the better (or a deletion), the list as now seen.
    mutating func wishesChecked(_ looks: [WishLook]) -> [BrowserEffect] {
        checkingWishes = false
        let before = wishList
        for look in looks {
            catalog.wishNews += wishList.compare(id: look.id, with: look.product)
        }
        return wishList == before ? [] : wishListChanged()
    }

    /// The kept list arrived: what was kept or dropped meanwhile stays so (kept first), the rest is as kept;
    /// then a look at them.
    mutating func wishListLoaded(_ loaded: [WishedProduct]) -> [BrowserEffect] {
        let changedMeanwhile = wishGeneration > 0
        let here = Set(wishList.products.map(\.id))
        wishList = WishList(wishList.products + loaded.filter { !here.contains($0.id) && !droppedBeforeLoad.contains($0.id) })
        wishListReady = true
        droppedBeforeLoad = []
        return (changedMeanwhile ? wishListChanged() : syncWishViews()) + lookAtWishes()
    }

    /// Where the list is kept now: what the open wish list views say under their titles.
    mutating func wishPlaceFound(_ place: WishPlace) -> [BrowserEffect] {
        guard place != wishPlace else { return [] }  // every save says where; most say the same
        wishPlace = place
        return syncWishViews()
    }

    /// Keeps the open wish list views in step.
    @discardableResult
    mutating func syncWishViews() -> [BrowserEffect] {
        for index in presented.indices {
            guard case .wishList(var view) = presented[index] else { continue }
            view.show(wishList.products)
            view.place = wishPlace
            presented[index] = .wishList(view)
        }
        return []
    }

    /// Keeps the open wish list views in step, and has the list saved (once the kept one has been read).
    mutating func wishListChanged() -> [BrowserEffect] {
        syncWishViews()
        wishGeneration += 1
        guard wishListReady else { return [] }
        return [.saveWishList(wishList.products, generation: wishGeneration)]
    }
}

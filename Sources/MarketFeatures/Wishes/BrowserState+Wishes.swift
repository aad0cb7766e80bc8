import Localization
import OpenMarketAPI

extension BrowserState {
    /// `f`: keeps the product as shown (the detail's, else the selected one) or drops it.
    mutating func toggleWish() -> [BrowserEffect] {
        guard let product = currentProduct else { return [] }
        let (kept, effects) = wishes.toggle(product)
        switch kept {
        case true?: notice = language.text(.wishKept(name: ProductText.name(product), count: wishes.list.count))
        case false?: notice = language.text(.wishDropped(name: ProductText.name(product)))
        case nil: notice = language.text(.wishListFull(most: WishList.limit))
        }
        return effects
    }

    /// `F`: the wish list over the content; what changed is now seen, so the banner goes.
    mutating func openWishList() -> [BrowserEffect] {
        catalog.wishNews = []
        presented.append(.wishList(WishListView()))
        return []
    }

    /// A product dropped from the open wish list.
    mutating func dropWish(_ id: Int) -> [BrowserEffect] {
        let (dropped, effects) = wishes.drop(id)
        if let dropped { notice = language.text(.wishDropped(name: ProductText.name(dropped.summary))) }
        return effects
    }

    /// A kept product opened from the wish list: its detail, with what was last seen until the market's comes.
    mutating func openWish(_ product: WishedProduct) -> [BrowserEffect] {
        presented.append(.detail(DetailState(summary: product.summary)))
        return [.loadDetail(id: product.id)]
    }

    /// What a look found: a banner for each change for the better (or a deletion).
    mutating func wishesChecked(_ looks: [WishLook]) -> [BrowserEffect] {
        let (news, effects) = wishes.checked(looks)
        catalog.wishNews += news
        return effects
    }
}

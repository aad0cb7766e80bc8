/// Which layer of the presentation stack a piece of work is for, as the layer names itself: the detail
/// of product 42, the edit form of product 7, the palette. Work a layer asked for (`BrowserEffect.owner`)
/// is cancelled by the runtime once no layer of that identity is presented: closing the detail stops its
/// request, closing the palette its search, without the runtime knowing what a detail or a palette is.
public enum PresentationID: Hashable, Sendable {
    case detail(productID: Int)
    case form(ProductFormState.Mode)
    case confirmation
    case help
    case search
    case priceRange
    case wishList
    case palette
    case pictureWindow(productID: Int)
    case about
    case bulk
}

extension Presentation {
    /// The layer's identity.
    public var id: PresentationID {
        switch self {
        case .detail(let detail): .detail(productID: detail.id)
        case .form(let form): .form(form.mode)
        case .confirmation: .confirmation
        case .help: .help
        case .search: .search
        case .priceRange: .priceRange
        case .wishList: .wishList
        case .palette: .palette
        case .pictureWindow(let window): .pictureWindow(productID: window.productID)
        case .about: .about
        case .bulk: .bulk
        }
    }
}

extension BrowserEffect {
    /// The layer this work is for, cancelled once no such layer is presented; nil for the browser's own work
    /// (pages, polls, writes once sent, the wish list's), which finishes whatever is presented.
    public var owner: PresentationID? {
        switch self {
        case .loadDetail(let id): .detail(productID: id)
        case .preparePicture, .completePath: .form(.register)
        case .loadFormImages(let id): .form(.edit(productID: id))
        case .scheduleSearch: .search
        case .schedulePaletteSearch, .searchPalette: .palette
        case .loadPage, .pollFirstPage, .registerProduct, .updateProduct, .deleteProduct, .bulkWrite, .findVendor, .copy, .checkWishes, .saveWishList,
            .followChanges, .expireFreshMark, .reportLook,
            .quit:
            nil
        }
    }
}

extension BrowserState {
    /// The identities of the layers presented now.
    public var presentedIDs: Set<PresentationID> { Set(presented.map(\.id)) }
}

public import Localization
public import ImagePipeline
public import OpenMarketAPI
public import TerminalUI

/// Everything that can happen to the browser, named for what happened.
public enum BrowserEvent: Sendable, Equatable {
    /// The browser opened.
    case started
    case keyPressed(KeyEvent)
    case mouse(MouseEvent)
    case resized(ScreenSize)
    /// A page request finished.
    case pageLoaded(requestID: Int, Result<ProductPage, BrowserFailure>)
    /// The background poll of page 1 (made for `search`) finished.
    case pollLoaded(search: String?, Result<ProductPage, BrowserFailure>)
    /// The poll interval passed.
    case pollTimerFired
    /// The spinner's frame interval passed.
    case spinnerTicked
    /// An answer for a feature on the presentation stack (the detail, the form), routed to it.
    case presented(PresentedEvent)
    /// A delete finished (the product's detail as the server last had it, or why not).
    case productDeleted(id: Int, Result<ProductDetail, BrowserFailure>)
    /// A look at kept products finished (those it could not look at are left out).
    case wishesChecked([WishLook])
    /// The market said which vendor the writer's identity is (`GET /api/vendors/me`).
    case vendorFound(id: Int)
    /// The wish list kept from before has been read (the browser starts without waiting for it).
    case wishListLoaded([WishedProduct])
    /// Where the wish list is kept after a load or a save (the session's, while its place fails).
    case wishPlaceFound(WishPlace)
    /// The terminal said its colours turned dark or light (mode 2031).
    case colorSchemeChanged(TerminalColorScheme)
    /// The market's change stream said something (`ChangeFollowing`).
    case live(ChangeFeedEvent)
    /// The market said how many look at the product this browser looks at.
    case lookCounted(productID: Int, count: Int)
    /// The mark of a product the stream changed has been shown long enough.
    case freshMarkExpired(id: Int, generation: Int)
    /// One product of a bulk change was written (its detail as the market now has it; for a delete, as it
    /// was), or refused.
    case bulkWritten(job: Int, productID: Int, Result<ProductDetail, BrowserFailure>)
}

/// A failure to show: the sentence for the user. Equatable, so states and events can be compared.
public struct BrowserFailure: Error, Sendable, Equatable {
    public var message: String
    /// The server's HTTP status, when it answered with an error (400: it refused the request as asked).
    public var status: Int?

    public init(_ message: String, status: Int? = nil) {
        self.message = message
        self.status = status
    }

    /// The error's sentence in `language`.
    public init(_ error: OpenMarketError, in language: Language = .english) {
        message = error.userMessage(in: language)
        status = error.status
    }
}

/// The cells a picture's preview takes.
public struct PreviewSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What the browser asks the runtime to do.
public enum BrowserEffect: Sendable, Equatable {
    case loadPage(requestID: Int, page: Int, itemsPerPage: Int, search: String?, listing: PageListing = .standard)
    case pollFirstPage(itemsPerPage: Int, search: String?)
    case loadDetail(id: Int)
    case scheduleSearch(generation: Int, after: Duration)
    /// Upload a new product with its pictures.
    case registerProduct(NewProduct, pictures: [UploadPicture])
    /// Read a picture file for the registration form: check it, shrink it if needed, render a preview of
    /// that size in that palette (the answer goes to the registration form).
    case preparePicture(path: String, preview: PreviewSize, palette: PaletteKind)
    /// List the file names that complete a path.
    case completePath(String)
    /// Fetch a product's detail for the edit form (its pictures).
    case loadFormImages(id: Int)
    /// Send the changed fields of a product.
    case updateProduct(id: Int, changes: ProductChanges)
    /// Ask for a delete token, then delete with it.
    case deleteProduct(id: Int)
    /// Write many products (a bulk change), a few at a time, each answer as `bulkWritten`.
    case bulkWrite(BulkJob)
    /// Set the clipboard of the terminal's machine to this text (OSC 52).
    case copy(String)
    /// Look at these kept products in the market (their details; a 404 means deleted).
    case checkWishes(ids: [Int])
    /// Ask the market which vendor the writer's identity is (a server without the extension: nothing comes).
    case findVendor
    /// Follow the market's changes while the browser runs, each as `live` (a market without the stream: one
    /// `live(.unavailable)`, and the poll goes on).
    case followChanges
    /// Tell the market which product this browser looks at now (nil: none), as the stream's `viewer`.
    case reportLook(viewer: String, productID: Int?)
    /// Wait `after`, then say the mark of changed product `id` may go.
    case expireFreshMark(id: Int, generation: Int, after: Duration)
    /// Keep the wish list as it is now; a save of an older generation that arrives later is dropped.
    case saveWishList([WishedProduct], generation: Int)
    /// Wait, then say the palette's typing paused.
    case schedulePaletteSearch(generation: Int, after: Duration)
    /// Search the market for the palette (the first page).
    case searchPalette(query: String, generation: Int)
    case quit
}

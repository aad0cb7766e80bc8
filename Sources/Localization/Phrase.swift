/// Everything the app says to a person, as values: each case one sentence or label, its blanks as
/// associated values. `Language.text(_:)` gives its words.
///
/// The words are in `Phrase+English.swift` and `Phrase+Korean.swift`, one `switch` each with no
/// `default:` — a case without words in either language does not compile. Names, prices, paths and
/// server messages arrive in the blanks already made safe to print; no case adds a control character.
public enum Phrase: Sendable, Equatable {
    // MARK: The title and status lines

    /// The layout in the title line.
    case layoutName(grid: Bool)
    /// "my products only" is on (title line).
    case mineTag
    /// The query searched for (title line).
    case searchTag(String)
    /// A new search's first page is on its way.
    case searching
    /// How many products are loaded; `more`: the server has more.
    case productCount(Int, more: Bool)
    /// The writer's products sold out and low in stock, among those loaded (`more`: pages not loaded yet).
    case mineSoldOut(Int, more: Bool)
    case mineLow(Int, more: Bool)
    /// Where the selection is: `index` of `count`, and the product's id.
    case position(index: Int, count: Int, more: Bool, id: Int)
    /// What is under way, beside the spinner.
    case busyLoading
    case busyLoadingProduct
    case busyDeleting
    case busyUploading
    case busySaving
    /// The order and the filter the list is shown in, when not the server's (newest first, all).
    case arrangement(Order, inStockOnly: Bool, priceRange: String?, loadedOnly: Bool)
    /// How a search's products were ranked (status line): by the market, best match first; or a substring as
    /// typed, newest first (a course server's search).
    case rankedBestMatch
    case rankedSubstring
    /// The colour mode (status line): nil is 24-bit colour, 0 none.
    case colourMode(Int?)
    /// The picture mode (status line): a graphics protocol's own name, half blocks, or none.
    case pictureMode(PictureModeName)

    // MARK: Banners and the start screen

    /// An error over the list, with the key that retries when a retry can help.
    case bannerError(String, retryKey: String?)
    /// The poll found products newer than the first shown (`shown` is `20+` when a page is full).
    case newProducts(shown: String, count: Int, refreshKey: String)
    case cannotReachMarket
    case retryOrQuit(retryKey: String, quitKey: String)
    case connecting
    case terminalTooSmall
    /// The terminal's size and the least the browser needs.
    case sizeNeeded(columns: Int, rows: Int, minimumColumns: Int, minimumRows: Int)
    case quitKey(String)

    // MARK: The list and grid

    case loadingList
    case lookingForMine
    case lookingInStock
    case noneInStock(allKey: String)
    /// Only products of a price range are listed and more pages may hold some (the range as written).
    case lookingInRange(range: String)
    case noneInRange(range: String, changeKey: String)
    case noneOfMine(registerKey: String)
    case noMatch(query: String, clearKey: String)
    /// Nothing found, and the market offers a query of its own words that finds something.
    case noMatchSuggesting(query: String, suggestion: String, searchKey: String, clearKey: String)
    case noProducts
    case loadingMore
    case couldNotLoadMore(retryKey: String)
    case endOfList(count: Int)
    case soldOut
    case inStock(Int)
    /// One of the writer's products at or below the low-stock setting.
    case lowStock(Int)
    /// The stock beside its label (the detail).
    case stockCount(Int)
    /// A vendor known only by its id.
    case vendorNumber(Int)
    /// A discount's percentage, rounded.
    case percentOff(String)

    // MARK: The detail

    case loadingPicture
    case detailLabel(DetailLabel)
    /// The price before the discount, after the price paid.
    case wasPrice(String)
    case updatedOn(String)
    case loadingDetails
    /// The detail's error, with the key that retries.
    case detailError(String, retryKey: String)
    case noDescription
    /// The mark on the last line when the text goes on below.
    case more

    // MARK: Hints and help

    /// A word of the hint line.
    case hint(Hint)
    /// A row of the help box.
    case help(HelpRow)
    case helpTitle
    case helpMouseKey
    case helpCloses
    /// Help scrolls: what its keys do.
    case helpScrolls

    // MARK: About this market

    /// A line of "about this market".
    case about(AboutLine)

    // MARK: Questions

    case deleteQuestion(name: String)
    /// After the delete question: a delete is for good (a course server), or `key` brings it back (this market).
    case deleteIsFinal
    case deleteUndoable(key: String)
    case discardQuestion
    case answerNo
    case answerYes

    // MARK: The search line

    case searchPrompt

    // MARK: The price range line

    case priceRangePrompt
    /// A bound that is not digits (as typed).
    case priceNotANumber(String)
    /// The lowest price is above the highest (both formatted).
    case priceMinAboveMax(low: String, high: String)
    /// Won and dollars in one range.
    case priceTwoCurrencies

    // MARK: The form

    case registerTitle
    case editTitle(id: Int)
    case fieldsNeedAttention(Int)
    case fieldLabel(FormField)
    case changeWithArrows
    case thumbnailChooser
    case thumbnailMark(Int)
    case uploadingPercent(Int)
    case savingButton
    case registerButton
    case saveButton
    case submitHint(saveKey: String, cancelKey: String)
    case pictureKeys(PictureKey)
    case readingPictures(Int)
    case tooManyPictures(Int)
    case pictureAlreadyAdded
    case pictureShrunk(filename: String, from: String, to: String, width: Int, height: Int)
    case noFileStartsWith
    /// A picture could not be read from disk, as the runtime said it (already in the screen's language).
    case pictureUnreadable(String)
    case noSuchFile(String)
    /// A name typed in the picture field of an SSH visitor that is not a file in their upload folder (whether
    /// it exists elsewhere or not).
    case notInPictureFolder(String)
    case isAFolder(String)
    case cannotReadFile(String)
    case pictureTooBig(String, megabytes: Int, most: Int)
    /// The reason is the decoder's own.
    case notAPicture(String, reason: String)

    // MARK: The product rules (validation)

    case nameLength(minimum: Int, maximum: Int, now: Int)
    case descriptionLength(minimum: Int, maximum: Int, now: Int)
    case priceRequired
    case priceNotNumber
    case discountAbovePrice
    case discountNotNumber
    case stockNotWholeNumber
    case currencyUnknown
    case pictureCount(minimum: Int, maximum: Int, now: Int)

    // MARK: Writing

    case noIdentity(Write)
    case notYours(name: String, vendor: String, Write)
    case vendorIDUnknown
    case mineOnly(allKey: String)
    case registered(name: String)
    case saved(name: String)
    case deleted(name: String)
    /// The market's change stream said the product shown was deleted (by its seller, elsewhere).
    case deletedMeanwhile(name: String)
    /// The change stream could not go on from where it was: what is shown was read again.
    case reloadedAfterGap
    /// Where a deleted product stood in the list: its price's place says so.
    case goneTag
    /// How many are browsing the market now (the title).
    case browsing(Int)
    /// How many others look at the product whose detail is shown.
    case othersLooking(Int)
    case couldNotDelete(id: Int, reason: String)
    case readOnlyDemo
    case copiedLink(String)
    case copiedSummary(String)
    case tooLongToCopy(bytes: Int, most: Int)
    /// Sent through OSC 52 to a terminal that does not say whether it takes it; `link`: the text is the link.
    case sentToClipboard(String, link: Bool)
    /// Sent to a terminal that declines OSC 52 unless told to take it; the text, to copy by hand.
    case copyDeclined(terminal: String, String, link: Bool)

    // MARK: The palette

    case paletteTitle
    case paletteSearching
    case paletteNothing
    /// Beside a product the market's search found (not loaded).
    case paletteFromMarket
    /// An action, as the palette offers it.
    case command(Command)

    // MARK: The wish list

    /// `f` kept a product (`count`: how many the list holds now).
    case wishKept(name: String, count: Int)
    case wishDropped(name: String)
    case wishListFull(most: Int)
    /// A detail opened by its number, before its product has arrived: a key that needs the product waits.
    case notArrived(id: Int)
    /// A detail opened by its number whose product the market did not give (`reason`: the request's failure).
    case notLoaded(id: Int, reason: String)
    /// A change to a kept product, in the banner; `more`: other changes waiting; `listKey` opens the list.
    case wishBanner(name: String, change: WishChange, more: Int, listKey: String)
    /// The wish list's title.
    case wishTitle(Int)
    case wishEmpty(keepKey: String)
    /// A kept product the market no longer has.
    case wishGone
    /// Where the list is kept, under its title: a file, the market (by the visitor's key), or this session only.
    case wishKeptInFile
    case wishKeptByKey
    case wishKeptForSession
    case wishHeldMarketAway
    case wishHeldFileUnwritable
    /// A write or a load stopped by the user (Ctrl-C, Esc).
    case uploadCancelled
    case savingCancelled
    case deletingCancelled
    case loadingCancelled

    // MARK: What went wrong talking to the server

    case cannotReachServer(endpoint: String, reason: Transport)
    /// What the product file commands (`products import`, `export`) say.
    case productFile(ProductFile)
    /// What the browser says about marked products and changes to many at once.
    case bulk(Bulk)
    /// What `openmarket ssh` says to a vendor's SFTP or scp client.
    case files(Files)
    /// No answer within a time, in milliseconds.
    case noAnswerWithin(milliseconds: Int)
    case requestCancelled
    case serverRefused(message: String, status: Int)
    case serverFailed(message: String, status: Int)
    case serverStatus(Int)
    case unreadableAnswer(detail: String)
    case answerTooLarge(bytes: Int)
    case cannotSend(reason: String)

    // MARK: openmarket ssh

    case sshShuttingDown
    case sshTimeLimit
    case sshIdle
    case sshFull(front: String)
    /// A second session asked for on a connection that has one: one browser per SSH connection.
    case sshOneSessionPerConnection
    /// An address holding its share of the seats already.
    case sshAddressFull(limit: Int)
    /// A browser that went past its memory, CPU or file budget was ended.
    case sshBudget
    case sshNeedsTerminal
    case sshUnknownCommand(String)
    case sshHelp
}

extension Phrase {
    /// What changed for a kept product; prices already formatted.
    public enum WishChange: Sendable, Equatable {
        /// Cheaper; `restocked`: also back in stock, with this many.
        case priceDrop(old: String, new: String, restocked: Int? = nil)
        case discount(old: String, new: String, restocked: Int? = nil)
        /// Back in stock with `count`, at `new` (`old` the price when it had none: the same, or not).
        case backInStock(Int, old: String, new: String)
        /// Gone from the market; the price it had when last seen.
        case gone(lastPrice: String)
    }

    /// The actions the palette offers, in its words.
    public enum Command: Sendable, Equatable, CaseIterable {
        case help, about, colours, pictures, edit, delete, copyLink, copySummary, keep, wishList, layout, search, refresh
        case register, mine, sort, inStock, priceRange, quit, first, last, open, clearSearch
        case markToggle, markRange, markClear, bulk, undo
        /// The detail's.
        case back, reload, pictureWindow, previousPicture, nextPicture
    }

    /// The orders a list can be shown in.
    public enum Order: Sendable, Equatable, CaseIterable {
        case newest, priceLowToHigh, priceHighToLow, biggestDiscount, fewestInStock
    }

    /// How pictures are drawn, for the status line.
    public enum PictureModeName: Sendable, Equatable {
        /// A terminal graphics protocol, by its own name (kitty, sixel, iTerm).
        case graphics(String)
        case blocks
        case off
    }

    /// The labels of the detail's fields.
    public enum DetailLabel: Sendable, Equatable, CaseIterable {
        case price, stock, vendor, product, link, listed, pictures
    }

    /// The words of the hint line, each beside its key.
    public enum Hint: Sendable, Equatable, CaseIterable {
        case move, open, grid, list, search, refresh, colour, help, quit, picture, scroll, reload, edit, delete, back
        case yes, no, choose, answer, field, cursor, save, cancel, typeKey, toSearch, done, clear, priceRange, emptyClears
        case drop, toFind, runOrOpen, zoom
    }

    /// The lines of "about this market": its title, each fact's label and value, what closes it.
    public enum AboutLine: Sendable, Equatable {
        case title
        /// The keys that open it, and that any key closes it.
        case closes(openKeys: String)
        case marketLabel, addressLabel, arrangementLabel, productsLabel, wishListLabel, writerLabel
        /// The address, or nil when the browser does not know it.
        case address(String?)
        /// Who orders and filters: the market (true), this browser over what it loaded (false), not known yet (nil).
        case arrangement(Bool?)
        /// The products loaded, their vendors, whether the market has more, whether they are a search's.
        case products(loaded: Int, vendors: Int, more: Bool, searched: Bool)
        /// The products kept, or nil while the list is being read.
        case kept(Int?)
        /// The vendor that writes.
        case writer(vendor: Int?, name: String?)
        /// No vendor identity: reading only.
        case readOnly
    }

    /// The rows of help; the keys named inside a row come with it.
    public enum HelpRow: Sendable, Equatable {
        case move, moveGrid, page, firstLast, open, toggle
        case search(clearKey: String)
        case refresh, register
        case edit(saveKey: String)
        case delete, mine, colours, pictures, help, back, mouse
        case copy, sort, filter, wish, palette, pictureWindow, about
        case marks, bulk
    }

    /// The form's fields.
    public enum FormField: Sendable, Equatable, CaseIterable {
        case name, description, price, discount, stock, currency, thumbnail, pictures, submit
    }

    /// The keys of the pictures field, shown as room allows.
    public enum PictureKey: Sendable, Equatable, CaseIterable {
        case complete, add, remove
    }

    /// What a vendor does to products, for the refusals.
    public enum Write: Sendable, Equatable, CaseIterable {
        case register, edit, delete, seeMine
    }

    /// Why the server could not be reached, as the transport tells it.
    public enum Transport: Sendable, Equatable {
        case refused, reset, timedOut, hostNotFound, hostUnreachable, networkUnreachable, closed, serverClosed
        case addressNotAvailable, couldNotConnect, failed, tooManyRedirects
        /// Another reason, in the transport's own (English) words.
        case other(String)
    }
}

extension Phrase {
    /// The words in English. No `default:`: a new case must be given its words here.
    var english: String {
        switch self {
        case .layoutName(let grid): grid ? "grid" : "list"
        case .mineTag: "mine"
        case .searchTag(let query): "search: \(query)"
        case .searching: "searching…"
        case .productCount(let count, let more): more ? "\(count)+ products" : count == 1 ? "1 product" : "\(count) products"
        case .mineSoldOut(let count, let more): "\(count)\(more ? "+" : "") sold out"
        case .mineLow(let count, let more): "\(count)\(more ? "+" : "") low"
        case .position(let index, let count, let more, let id): "\(index) of \(count)\(more ? "+" : "")  ·  #\(id)"
        case .busyLoading: "loading…"
        case .busyLoadingProduct: "loading the product…"
        case .busyDeleting: "deleting…"
        case .busyUploading: "uploading…"
        case .busySaving: "saving…"
        case .arrangement(let order, let inStockOnly, let range, let loadedOnly):
            ([order == .newest ? nil : order.english, inStockOnly ? "in stock" : nil, range].compactMap { $0 }).joined(separator: " · ")
                + (loadedOnly ? " (loaded pages only)" : "")
        case .rankedBestMatch: "best match first: name, then description"
        case .rankedSubstring: "the words as typed, newest first"
        case .colourMode(let colours):
            switch colours {
            case nil: "true colour"
            case 0?: "no colour"
            case let count?: "\(count) colours"
            }
        case .pictureMode(.graphics(let name)): name
        case .pictureMode(.blocks): "blocks"
        case .pictureMode(.off): "no pictures"

        case .bannerError(let message, let key): message + (key.map { " — \($0) to retry" } ?? "")
        case .newProducts(let shown, let count, let key): "\(shown) \(count == 1 ? "new product" : "new products") — \(key) to refresh"
        case .cannotReachMarket: "Cannot reach the market"
        case .retryOrQuit(let retry, let quit): "\(retry) to retry  ·  \(quit) to quit"
        case .connecting: "Connecting to the market…"
        case .terminalTooSmall: "Terminal too small"
        case .sizeNeeded(let columns, let rows, let minimumColumns, let minimumRows):
            "\(columns)×\(rows) — need \(minimumColumns)×\(minimumRows)"
        case .quitKey(let key): "\(key) quits"

        case .loadingList: "Loading…"
        case .lookingForMine: "Looking for your products…"
        case .lookingInStock: "Looking for products in stock…"
        case .noneInStock(let key): "None of the products loaded is in stock. \(key) shows them all."
        case .lookingInRange(let range): "Looking for products priced \(range)…"
        case .noneInRange(let range, let key): "None of the products loaded is priced \(range). \(key) changes the range."
        case .noneOfMine(let key): "You have no products here. \(key) registers one."
        case .noMatch(let query, let key): "No products match “\(query)”. \(key) clears the search."
        case .noMatchSuggesting(let query, let suggestion, let searchKey, let clearKey):
            "No products match “\(query)”. Did you mean “\(suggestion)”? \(searchKey) searches it, \(clearKey) clears the search."
        case .noProducts: "No products yet."
        case .loadingMore: "loading more…"
        case .couldNotLoadMore(let key): "could not load more — \(key) to retry"
        case .endOfList(let count): "— end of list · \(count) \(count == 1 ? "product" : "products") —"
        case .soldOut: "Sold out"
        case .inStock(let count): "\(count) in stock"
        case .lowStock(let count): "\(count) in stock, low"
        case .stockCount(let count): "\(count) in stock"
        case .vendorNumber(let id): "vendor #\(id)"
        case .percentOff(let percent): "−\(percent)% off"

        case .loadingPicture: "loading picture…"
        case .detailLabel(let label):
            switch label {
            case .price: "Price"
            case .stock: "Stock"
            case .vendor: "Vendor"
            case .product: "Product"
            case .link: "Link"
            case .listed: "Listed"
            case .pictures: "Pictures"
            }
        case .wasPrice(let price): "(was \(price))"
        case .updatedOn(let date): "updated \(date)"
        case .loadingDetails: "Loading the details…"
        case .detailError(let message, let key): "\(message) — \(key) to retry"
        case .noDescription: "(no description)"
        case .more: "more"

        case .hint(let hint): hint.english
        case .help(let row): row.english
        case .helpTitle: "Keys"
        case .helpMouseKey: "mouse"
        case .helpCloses: "any key closes"
        case .helpScrolls: "↑↓ more · any other key closes"
        case .about(let line): line.english

        case .deleteQuestion(let name): "Delete “\(name)”?"
        case .deleteIsFinal: "This cannot be undone."
        case .deleteUndoable(let key): "\(key) brings it back within 10 minutes."
        case .discardQuestion: "Discard changes?"
        case .answerNo: "No"
        case .answerYes: "Yes"

        case .searchPrompt: "Search:"

        case .priceRangePrompt: "Price:"
        case .priceNotANumber(let text): "“\(text)” is not a price: write digits, like 12000 or 9.99."
        case .priceMinAboveMax(let low, let high): "The lowest price, \(low), is above the highest, \(high)."
        case .priceTwoCurrencies: "A range is in one currency: won (₩) or dollars ($)."

        case .registerTitle: "Register a product"
        case .editTitle(let id): "Edit product #\(id)"
        case .fieldsNeedAttention(let count): count == 1 ? "1 field needs attention" : "\(count) fields need attention"
        case .fieldLabel(let field): field.english
        case .changeWithArrows: "←→ to change"
        case .thumbnailChooser: "←→ chooses the picture lists show"
        case .thumbnailMark(let number): "[\(number)] thumb"
        case .uploadingPercent(let percent): "Uploading \(percent)%"
        case .savingButton: "Saving"
        case .registerButton: "Register"
        case .saveButton: "Save"
        case .submitHint(let save, let cancel): "\(save) saves from any field · \(cancel) cancels"
        case .pictureKeys(let key):
            switch key {
            case .complete: "Tab completes"
            case .add: "Enter adds"
            case .remove: "Delete removes"
            }
        case .readingPictures(let count): count == 1 ? "reading 1 picture…" : "reading \(count) pictures…"
        case .tooManyPictures(let most): "At most \(most) pictures; Delete removes one."
        case .pictureAlreadyAdded: "That picture is already added."
        case .pictureShrunk(let filename, let from, let to, let width, let height):
            "\(filename): \(from) → \(to) (shrunk to \(width)×\(height))"
        case .noFileStartsWith: "No file starts with that."
        case .pictureUnreadable(let reason): reason
        case .noSuchFile(let path): "No such file: \(path)"
        case .notInPictureFolder(let name): "No picture \(name) in your upload folder on the server"
        case .isAFolder(let path): "\(path) is a folder, not a picture"
        case .cannotReadFile(let path): "Cannot read \(path) (permission denied?)"
        case .pictureTooBig(let path, let megabytes, let most): "\(path) is \(megabytes) MB; pictures up to \(most) MB can be shrunk"
        case .notAPicture(let path, let reason): "\(path): \(reason)"

        case .nameLength(let minimum, let maximum, let now): "Name must be \(minimum)–\(maximum) characters (now \(now))."
        case .descriptionLength(let minimum, let maximum, let now):
            "Description must be \(minimum)–\(maximum) characters (now \(now))."
        case .priceRequired: "Price is required."
        case .priceNotNumber: "Price must be a number of 0 or more."
        case .discountAbovePrice: "Discount can't exceed the price."
        case .discountNotNumber: "Discount must be a number of 0 or more."
        case .stockNotWholeNumber: "Stock must be a whole number of 0 or more."
        case .currencyUnknown: "Currency must be KRW or USD."
        case .pictureCount(let minimum, let maximum, let now): "Choose \(minimum)–\(maximum) pictures (now \(now))."

        case .noIdentity(let write):
            switch write {
            case .register: "No vendor identity: start with --identifier and --secret to register products."
            case .edit: "No vendor identity: start with --identifier and --secret to edit your products."
            case .delete: "No vendor identity: start with --identifier and --secret to delete your products."
            case .seeMine: "No vendor identity: start with --identifier and --secret to see your products."
            }
        case .notYours(let name, let vendor, let write):
            "“\(name)” belongs to \(vendor); only its vendor can \(write == .delete ? "delete" : "edit") it."
        case .vendorIDUnknown: "Your vendor id is not known yet; register a product first."
        case .mineOnly(let key): "My products only — \(key) shows everything again."
        case .registered(let name): "Registered “\(name)”."
        case .saved(let name): "Saved “\(name)”."
        case .deleted(let name): "Deleted “\(name)”."
        case .deletedMeanwhile(let name): "“\(name)” was deleted just now."
        case .reloadedAfterGap: "Changes may have been missed while the market's stream was away: the list was read again."
        case .goneTag: "deleted"
        case .browsing(let count): count == 1 ? "1 here" : "\(count) here"
        case .othersLooking(let count): count == 1 ? "1 other person is looking at this" : "\(count) others are looking at this"
        case .couldNotDelete(let id, let reason): "Could not delete #\(id): \(reason)"
        case .copiedLink(let link): "Copied the link: \(link)"
        case .copiedSummary(let line): "Copied: \(line)"
        case .tooLongToCopy(let bytes, let most): "Too long to copy: \(bytes) bytes; terminals take \(most) at most."
        case .sentToClipboard(let text, true): "Link sent to the clipboard: \(text)"
        case .sentToClipboard(let text, false): "Sent to the clipboard: \(text)"
        case .copyDeclined(let terminal, let text, true): "\(terminal) declines copies (OSC 52); the link: \(text)"
        case .copyDeclined(let terminal, let text, false): "\(terminal) declines copies (OSC 52): \(text)"
        case .paletteTitle: "Commands and products"
        case .paletteSearching: "Searching the market…"
        case .paletteNothing: "Nothing matches."
        case .paletteFromMarket: "market"
        case .command(let command): command.english
        case .wishKept(let name, let count): "Kept “\(name)” on your wish list (\(count))."
        case .wishDropped(let name): "Dropped “\(name)” from your wish list."
        case .wishListFull(let most): "The wish list holds \(most) products; drop one first."
        case .notArrived(let id): "Product #\(id) has not arrived yet: try again once it shows."
        case .notLoaded(let id, let reason): "Product #\(id) did not arrive: \(reason)"
        case .wishBanner(let name, let change, let more, let key):
            "♥ \(name): \(change.english)" + (more > 0 ? " · \(more) more" : "") + " · \(key) wish list"
        case .wishTitle(let count): "Wish list (\(count))"
        case .wishEmpty(let key): "Nothing kept yet. \(key) keeps the selected product; a price drop, a discount, new stock or its deletion shows up here."
        case .wishGone: "gone from the market"
        case .wishKeptInFile: "Kept on this computer for this market; watched while openmarket runs."
        case .wishKeptByKey: "Kept by the market under your SSH key: the same key finds it next time."
        case .wishKeptForSession: "Kept for this session only: your SSH client offered no key to keep it under."
        case .wishHeldMarketAway: "Held for this session only: the market could not keep it (see the log)."
        case .wishHeldFileUnwritable: "Held for this session only: it could not be saved here (see the log)."
        case .readOnlyDemo: "This demo is read-only: register, edit and delete are off (openmarket ssh --open)."
        case .uploadCancelled: "The upload was cancelled."
        case .savingCancelled: "Saving was cancelled."
        case .deletingCancelled: "Deleting was cancelled."
        case .loadingCancelled: "Loading was cancelled."

        case .bulk(let phrase): phrase.english
        case .files(let phrase): phrase.english
        case .productFile(let phrase): phrase.english
        case .cannotReachServer(let endpoint, let reason): "Could not reach the server at \(endpoint) (\(reason.english))."
        case .noAnswerWithin(let milliseconds): "The server did not answer within \(Self.englishSeconds(milliseconds))."
        case .requestCancelled: "The request was cancelled."
        case .serverRefused(let message, let status): "The server refused: \(message) (\(status))."
        case .serverFailed(let message, let status): "The server failed: \(message) (\(status))."
        case .serverStatus(let status):
            "The server answered with status \(status)\(Self.reasonPhrase(status).map { " (\($0))" } ?? "")."
        case .unreadableAnswer(let detail): "The server sent data this app cannot read (\(detail))."
        case .answerTooLarge(let bytes): "The server's answer is larger than the \(Self.englishSize(bytes)) this app accepts."
        case .cannotSend(let reason): "This request cannot be sent: \(reason)."

        case .sshShuttingDown: "The server is shutting down — goodbye."
        case .sshTimeLimit: "This session reached its time limit — goodbye."
        case .sshIdle: "Idle for too long — goodbye."
        case .sshFull(let front): "openmarket (\(front)) is full — try again in a minute."
        case .sshOneSessionPerConnection: "One browser per connection: this connection has one open already."
        case .sshAddressFull(let limit): "Your address has \(limit) sessions open already — close one and try again."
        case .sshBudget: "This session used more than its share of the server (memory or time) and was ended — goodbye."
        case .sshNeedsTerminal: "openmarket is a full-screen app and needs a terminal: connect with ssh -t."
        case .sshUnknownCommand(let command): "Unknown command “\(command)”; try: help, product ID."
        case .sshHelp:
            """
            openmarket — a terminal marketplace. Connect with: ssh -t -p PORT HOST

            ↑↓ j k      move                    Enter      open the product
            ← → h l     move in the grid        v  Tab     list ↔ grid
            PgUp PgDn   a screen                /          search (Esc clears)
            g G         first / last            r          refresh
            c           cycle colours           ?          help
            q  Esc      back / quit             n e d m    register, edit, delete, mine
            o i $       order, in stock, price  f F        keep / the wish list
            :  Ctrl-P   commands, products      y Y        copy the link / a line
            p           how pictures are drawn  z          a picture on the whole window

            Your wish list is kept by the market under the key your SSH client offers, so
            the same key finds it next time, on any of our servers. Connect without a key
            and it lasts the session: the server asks no name, and your key is the only
            thing that tells you from the next visitor.

            """
        }
    }

    /// `15 seconds`, `1 second`, `0.5 seconds`.
    public static func englishSeconds(_ milliseconds: Int) -> String {
        if milliseconds == 1000 { return "1 second" }
        return "\(decimalSeconds(milliseconds)) seconds"
    }

    /// `16 MB`, `300 KB`, `512 bytes` (binary units, whole).
    static func englishSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// Milliseconds as seconds without trailing zeros: `15`, `0.5`, `2.25`.
    static func decimalSeconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        var fraction = String(abs(milliseconds % 1000))
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// The standard reason phrase of the statuses a market server sends.
    static func reasonPhrase(_ status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}

extension Phrase.Command {
    var english: String {
        switch self {
        case .help: "Help: every key"
        case .about: "About this market"
        case .colours: "Cycle colours"
        case .pictures: "Cycle how pictures are drawn"
        case .edit: "Edit the product"
        case .delete: "Delete the product"
        case .copyLink: "Copy the product's link"
        case .copySummary: "Copy name, price and link"
        case .keep: "Keep on the wish list / drop"
        case .wishList: "Show the wish list"
        case .layout: "Switch list ↔ grid"
        case .search: "Search the market"
        case .refresh: "Refresh"
        case .register: "Register a product"
        case .mine: "My products only / everything"
        case .sort: "Order: newest → price ↑ → price ↓ → discount"
        case .inStock: "In stock only / everything"
        case .priceRange: "Price range"
        case .quit: "Quit"
        case .first: "First product"
        case .last: "Last product"
        case .open: "Open the selected product"
        case .clearSearch: "Clear the search"
        case .markToggle: "Mark the product / unmark it"
        case .markRange: "Mark the products up to here"
        case .markClear: "Clear the marks"
        case .bulk: "Change the marked products: price, discount, stock, delete"
        case .undo: "Undo the last change of marked products"
        case .back: "Back to the list"
        case .reload: "Reload the product"
        case .pictureWindow: "Zoom: the picture on the whole window"
        case .previousPicture: "Previous picture"
        case .nextPicture: "Next picture"
        }
    }
}

extension Phrase.WishChange {
    var english: String {
        switch self {
        case .priceDrop(let old, let new, let restocked):
            "\(old) → \(new), price dropped" + (restocked.map { ", back in stock (\($0))" } ?? "")
        case .discount(let old, let new, let restocked):
            "\(old) → \(new), discounted" + (restocked.map { ", back in stock (\($0))" } ?? "")
        case .backInStock(let count, let old, let new) where old == new: "back in stock (\(count)) at \(new)"
        case .backInStock(let count, let old, let new): "\(old) → \(new), back in stock (\(count))"
        case .gone(let lastPrice): "gone from the market (was \(lastPrice))"
        }
    }
}

extension Phrase.Order {
    var english: String {
        switch self {
        case .newest: "newest first"
        case .priceLowToHigh: "price ↑"
        case .priceHighToLow: "price ↓"
        case .biggestDiscount: "biggest discount"
        case .fewestInStock: "fewest in stock"
        }
    }
}

extension Phrase.Hint {
    var english: String {
        switch self {
        case .move: "move"
        case .open: "open"
        case .grid: "grid"
        case .list: "list"
        case .search: "search"
        case .refresh: "refresh"
        case .colour: "colour"
        case .help: "help"
        case .quit: "quit"
        case .picture: "picture"
        case .scroll: "scroll"
        case .reload: "reload"
        case .edit: "edit"
        case .delete: "delete"
        case .back: "back"
        case .yes: "yes"
        case .no: "no"
        case .choose: "choose"
        case .answer: "answer"
        case .field: "field"
        case .cursor: "cursor"
        case .save: "save"
        case .cancel: "cancel"
        case .typeKey: "type"
        case .toSearch: "to search"
        case .done: "done"
        case .clear: "clear"
        case .priceRange: "lowest–highest, ₩ or $"
        case .emptyClears: "empty: every price"
        case .drop: "drop"
        case .toFind: "to find"
        case .runOrOpen: "run / open"
        case .zoom: "zoom"
        }
    }
}

extension Phrase.AboutLine {
    var english: String {
        switch self {
        case .title: "About this market"
        case .closes(let keys): "\(keys) opens this · any key closes"
        case .marketLabel: "Market"
        case .addressLabel: "Address"
        case .arrangementLabel: "Order"
        case .productsLabel: "Products"
        case .wishListLabel: "Wish list"
        case .writerLabel: "You"
        case .address(let address): address ?? "not known"
        case .arrangement(true): "the market's, over every product"
        case .arrangement(false): "this browser's, over the products loaded"
        case .arrangement(nil): "not known yet (newest first so far)"
        case .products(let loaded, let vendors, let more, let searched):
            "\(loaded) \(searched ? "found" : "loaded") from \(vendors) \(vendors == 1 ? "vendor" : "vendors")"
                + (more ? "; the market has more" : "; that is all the market lists")
        case .kept(let count?): count == 1 ? "1 product kept" : "\(count) products kept"
        case .kept(nil): "being read"
        case .writer(let vendor, let name):
            "vendor" + (vendor.map { " #\($0)" } ?? "") + (name.map { " (\($0))" } ?? "") + ": you can register, edit and delete"
        case .readOnly: "reading only (no vendor identity)"
        }
    }
}

extension Phrase.HelpRow {
    var english: String {
        switch self {
        case .move: "move (up past the top refreshes)"
        case .moveGrid: "move in the grid · pictures in detail"
        case .page: "a screen up / down"
        case .firstLast: "first / last product"
        case .open: "open the product"
        case .toggle: "switch list ↔ grid"
        case .search(let clearKey): "search (\(clearKey) clears)"
        case .refresh: "refresh · retry after an error"
        case .register: "register a product"
        case .edit(let saveKey): "edit one of your products (\(saveKey) saves)"
        case .delete: "delete one of your products (asks first)"
        case .mine: "my products only / everything"
        case .colours: "cycle colours: true → 256 → 16 → 8 → none"
        case .pictures: "pictures: the terminal's own → half blocks → none"
        case .help: "this help · redraw the screen"
        case .back: "back · quit at the top"
        case .mouse: "click selects · double-click opens · wheel scrolls"
        case .copy: "copy the link / a line with name, price, link"
        case .sort: "order: newest → price ↑ → price ↓ → discount"
        case .filter: "in stock only / everything · a price range"
        case .wish: "keep / drop on the wish list · the wish list"
        case .palette: "commands and products, fuzzy"
        case .pictureWindow: "zoom: a product's picture on the whole window"
        case .about: "about this market: where, how many, who"
        case .marks: "mark a product · the ones up to here · clear the marks"
        case .bulk: "change the marked: price, discount, stock, delete · undo it"
        }
    }
}

extension Phrase.FormField {
    var english: String {
        switch self {
        case .name: "Name"
        case .description: "Description"
        case .price: "Price"
        case .discount: "Discount"
        case .stock: "Stock"
        case .currency: "Currency"
        case .thumbnail: "Thumbnail"
        case .pictures: "Pictures"
        case .submit: "Save"
        }
    }
}

extension Phrase.Transport {
    var english: String {
        switch self {
        case .refused: "connection refused"
        case .reset: "connection reset"
        case .timedOut: "connection timed out"
        case .hostNotFound: "host not found"
        case .hostUnreachable: "host unreachable"
        case .networkUnreachable: "network unreachable"
        case .closed: "the connection was closed"
        case .serverClosed: "the server closed the connection"
        case .addressNotAvailable: "address not available"
        case .couldNotConnect: "could not connect"
        case .failed: "connection failed"
        case .tooManyRedirects: "too many redirects"
        case .other(let reason): reason
        }
    }

    /// The reason the transport gave, by its English words; `.other` keeps words it does not know.
    public init(words: String) {
        self = Self.known.first { $0.english == words } ?? .other(words)
    }

    static let known: [Phrase.Transport] = [
        .refused, .reset, .timedOut, .hostNotFound, .hostUnreachable, .networkUnreachable, .closed, .serverClosed,
        .addressNotAvailable,
        .couldNotConnect, .failed, .tooManyRedirects,
    ]
}

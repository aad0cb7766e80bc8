import Foundation
import Testing

@testable import Localization

/// The catalog: every phrase has words in both languages (the switches have no `default:`, so a phrase
/// without them does not compile); these tests check what the compiler cannot — that the Korean words are
/// Korean, that no phrase is empty or carries a control character, and that the samples below reach every
/// case of `Phrase` (a new case without a sample fails here).
@Suite("The catalog, English and Korean")
struct CatalogTests {
    /// One of every case, blanks filled.
    static let samples: [Phrase] = [
        .layoutName(grid: true), .layoutName(grid: false), .mineTag, .searchTag("우산"), .searching,
        .productCount(20, more: true), .productCount(1, more: false), .productCount(3, more: false),
        .position(index: 2, count: 20, more: true, id: 7),
        .arrangement(.priceLowToHigh, inStockOnly: true, priceRange: "₩800–₩11,000", loadedOnly: true),
        .arrangement(.newest, inStockOnly: true, priceRange: nil, loadedOnly: false), .rankedBestMatch, .rankedSubstring, .lookingInStock, .noneInStock(allKey: "i"),
        .lookingInRange(range: "≤ $20.00"), .noneInRange(range: "₩800–₩11,000", changeKey: "$"),
        .busyLoading, .busyLoadingProduct, .busyDeleting, .busyUploading, .busySaving,
        .colourMode(nil), .colourMode(256), .colourMode(0), .pictureMode(.graphics("kitty")), .pictureMode(.blocks), .pictureMode(.off),
        .bannerError("The server did not answer.", retryKey: "r"), .bannerError("x", retryKey: nil),
        .newProducts(shown: "3", count: 3, refreshKey: "r"), .cannotReachMarket, .retryOrQuit(retryKey: "r", quitKey: "q"), .connecting,
        .terminalTooSmall, .sizeNeeded(columns: 30, rows: 10, minimumColumns: 40, minimumRows: 12), .quitKey("q"),
        .loadingList, .lookingForMine, .noneOfMine(registerKey: "n"), .noMatch(query: "우산", clearKey: "Esc"),
        .noMatchSuggesting(query: "해드퐁폰", suggestion: "헤드폰", searchKey: "Enter", clearKey: "Esc"), .noProducts, .loadingMore,
        .couldNotLoadMore(retryKey: "r"), .endOfList(count: 6), .soldOut, .inStock(5), .stockCount(5), .vendorNumber(3), .percentOff("8"),
        .loadingPicture, .wasPrice("₩12,000"), .updatedOn("2026-11-25"), .loadingDetails, .detailError("x", retryKey: "r"),
        .noDescription, .more, .helpTitle, .helpMouseKey, .helpCloses, .helpScrolls,
        .about(.title), .about(.closes(openKeys: "a")), .about(.marketLabel), .about(.addressLabel), .about(.arrangementLabel),
        .about(.productsLabel), .about(.wishListLabel), .about(.writerLabel), .about(.address("http://127.0.0.1:8080")),
        .about(.address(nil)), .about(.arrangement(true)), .about(.arrangement(false)), .about(.arrangement(nil)),
        .about(.products(loaded: 40, vendors: 7, more: true, searched: false)), .about(.products(loaded: 1, vendors: 1, more: false, searched: true)),
        .about(.kept(3)), .about(.kept(1)), .about(.kept(nil)), .about(.writer(vendor: 3, name: "Mina")), .about(.writer(vendor: nil, name: nil)),
        .about(.readOnly),
        .deleteQuestion(name: "Mug"), .deleteIsFinal, .deleteUndoable(key: "u"), .discardQuestion, .answerNo, .answerYes, .searchPrompt,
        .priceRangePrompt, .priceNotANumber("abc"), .priceMinAboveMax(low: "₩500", high: "₩100"), .priceTwoCurrencies,
        .registerTitle, .editTitle(id: 4), .fieldsNeedAttention(2), .changeWithArrows, .thumbnailChooser, .thumbnailMark(1),
        .uploadingPercent(42), .savingButton, .registerButton, .saveButton, .submitHint(saveKey: "Ctrl-S", cancelKey: "Esc"),
        .readingPictures(2), .tooManyPictures(5), .pictureAlreadyAdded,
        .pictureShrunk(filename: "a.jpg", from: "4.2 MB", to: "286 KB", width: 64, height: 48), .noFileStartsWith,
        .pictureUnreadable("사진"), .noSuchFile("/tmp/a.jpg"), .isAFolder("/tmp"), .cannotReadFile("/tmp/a.jpg"),
        .pictureTooBig("/tmp/a.jpg", megabytes: 70, most: 64), .notAPicture("/tmp/a.txt", reason: "사진 아님"),
        .nameLength(minimum: 3, maximum: 100, now: 2), .descriptionLength(minimum: 10, maximum: 1000, now: 0), .priceRequired,
        .priceNotNumber, .discountAbovePrice, .discountNotNumber, .stockNotWholeNumber, .currencyUnknown,
        .pictureCount(minimum: 1, maximum: 5, now: 0),
        .vendorIDUnknown, .mineOnly(allKey: "m"), .registered(name: "Mug"), .saved(name: "Mug"), .deleted(name: "Mug"), .deletedMeanwhile(name: "우산"), .reloadedAfterGap, .goneTag, .browsing(1), .browsing(1_204), .othersLooking(1), .othersLooking(3),
        .couldNotDelete(id: 4, reason: "서버"), .readOnlyDemo, .copiedLink("http://h/api/products/1"),
        .copiedSummary("Mug — ₩1 — http://h/api/products/1"), .tooLongToCopy(bytes: 5000, most: 4096), .sentToClipboard("http://h/api/products/1", link: true),
        .sentToClipboard("Mug — ₩1 — http://h/api/products/1", link: false), .copyDeclined(terminal: "XTerm", "http://h/api/products/1", link: true),
        .copyDeclined(terminal: "XTerm", "Mug — ₩1 — http://h/api/products/1", link: false),
        .cannotReachServer(endpoint: "127.0.0.1:9", reason: .refused), .cannotReachServer(endpoint: "h:1", reason: .other("서버")),
        .noAnswerWithin(milliseconds: 15000), .noAnswerWithin(milliseconds: 500), .requestCancelled,
        .serverRefused(message: "서버", status: 403), .serverFailed(message: "서버", status: 500), .serverStatus(404), .serverStatus(599),
        .unreadableAnswer(detail: "pages[0].price"), .answerTooLarge(bytes: 16 << 20), .answerTooLarge(bytes: 3), .cannotSend(reason: "서버"),
        .paletteTitle, .paletteSearching, .paletteNothing, .paletteFromMarket,
        .wishKept(name: "Mug", count: 3), .wishDropped(name: "Mug"), .wishListFull(most: 200), .notArrived(id: 132),
        .notLoaded(id: 132, reason: "서버"),
        .wishBanner(name: "Mug", change: .priceDrop(old: "₩12,000", new: "₩9,000"), more: 2, listKey: "F"),
        .wishBanner(name: "Mug", change: .discount(old: "$5.00", new: "$4.00"), more: 0, listKey: "F"),
        .wishBanner(name: "Mug", change: .priceDrop(old: "₩12,000", new: "₩9,000", restocked: 4), more: 0, listKey: "F"),
        .wishBanner(name: "Mug", change: .backInStock(3, old: "₩9,000", new: "₩9,000"), more: 0, listKey: "F"),
        .wishBanner(name: "Mug", change: .backInStock(3, old: "₩9,000", new: "₩9,500"), more: 0, listKey: "F"),
        .wishBanner(name: "Mug", change: .gone(lastPrice: "₩9,000"), more: 0, listKey: "F"), .wishTitle(3), .wishEmpty(keepKey: "f"), .wishGone,
        .sshShuttingDown, .sshTimeLimit, .sshIdle, .sshFull(front: "front-a"), .sshNeedsTerminal, .sshUnknownCommand("ls"), .sshHelp,
        .sshOneSessionPerConnection, .sshAddressFull(limit: 8), .sshBudget, .notInPictureFolder("teapot.jpg"),
    ]
        + Phrase.Hint.allCases.map { .hint($0) } + Phrase.DetailLabel.allCases.map { .detailLabel($0) }
        + Phrase.FormField.allCases.map { .fieldLabel($0) } + Phrase.PictureKey.allCases.map { .pictureKeys($0) }
        + Phrase.Write.allCases.map { .noIdentity($0) } + Phrase.Write.allCases.map { .notYours(name: "Mug", vendor: "alice", $0) }
        + [.uploadCancelled, .savingCancelled, .deletingCancelled, .loadingCancelled]
        + [.wishKeptInFile, .wishKeptByKey, .wishKeptForSession, .wishHeldMarketAway, .wishHeldFileUnwritable]
        + Phrase.Command.allCases.map { .command($0) }
        + [
            Phrase.HelpRow.move, .moveGrid, .page, .firstLast, .open, .toggle, .search(clearKey: "Esc"), .refresh, .register,
            .edit(saveKey: "Ctrl-S"), .delete, .mine, .colours, .pictures, .help, .back, .mouse, .copy, .sort, .filter, .wish, .palette,
            .pictureWindow, .about, .marks, .bulk,
        ].map { .help($0) }
        + Phrase.Transport.known.map { .cannotReachServer(endpoint: "h:1", reason: $0) }
        + [
            Phrase.ProductFile.place(line: 5, column: 4, name: "price"), .place(line: 5, column: nil, name: "price"), .place(line: 5, column: nil, name: nil),
            .fileTooLarge(megabytes: 1024, most: 32), .tooManyRows(most: 10_000), .notText, .convertedFrom(encoding: "CP949"), .noHeader,
            .unknownColumn("prize", known: "id, name"), .duplicateColumn("name"), .noKeyColumn, .missingValues(found: 2, expected: 3),
            .notJSONObject, .wrongJSONValue(key: "price"), .badID("x"), .sameProductTwice(firstLine: 2), .noSuchProduct(id: 99),
            .anotherVendors(id: 20), .nameNeeded, .ambiguousName(ids: "#10, #11"), .pictureAddress("ftp://a"),
            .planNew(name: "Teapot", price: "₩12,000", stock: 3, pictures: 1), .planChanged(id: 7, name: "Mug", changes: "stock 4 → 10"),
            .planUnchanged(id: 8, name: "Cup"), .planPicturesKept, .labelNew, .labelChanged, .labelUnchanged, .labelRefused,
            .labelFailed, .planCounts(new: 1, changed: 2, unchanged: 3, refused: 4), .dryRunChangedNothing,
            .refusedNothingChanged, .progress(done: 340, total: 1000), .applied(registered: 1, changed: 2, unchanged: 3, failed: 4),
            .stoppedMidway(done: "2–341", notDone: "342–1001"), .rerunFinishes, .exported(count: 50), .vendorUnknown,
        ].map { .productFile($0) }
        + [
            Phrase.Bulk.markedCount(3), .nothingMarked(markKey: "Space", rangeKey: "V"), .menuTitle(count: 3), .pricePercent, .priceAmount,
            .discountPercent, .setStock, .delete, .promptPercent, .promptAmount, .promptDiscount, .promptStock, .notPercent, .notAmount,
            .notDiscount, .notStock, .askPrice(count: 500, change: "-20%", before: "₩6,000,000", after: "₩4,800,000"),
            .askDiscount(count: 2, percent: "10"), .askStock(count: 2, stock: 0), .askDelete(count: 2), .othersLeftOut(1), .refusedLeftOut(2),
            .noneCanChange, .progress(done: 120, total: 500), .changed(count: 498, refused: 2, reason: "#12: refused"),
            .deleted(count: 2, refused: 0, reason: nil), .askUndo(count: 3, change: "-20%"),
            .nothingToUndo, .changedSince, .undone(count: 2, refused: 1, reason: "#7: changed since"), .askRestore(count: 1, name: "Mug"),
            .askRestore(count: 3, name: "Mug"), .restored(count: 2, refused: 1, reason: "#7: gone"),
        ].map { .bulk($0) }
        + [
            Phrase.Files.openFront, .unknownSubsystem("shell"), .oneAtATime, .outside, .pictureNamesOnly, .badName, .notAPicture,
            .tooLarge(limit: 20 << 20), .tooMany(limit: 100), .noSpace(limit: 200 << 20), .noSuchPicture, .exists, .wholeOnly,
            .unsupported, .diskFull, .tooManyOpen, .help(files: 100, fileSize: 20 << 20, space: 200 << 20),
        ].map { .files($0) }
        + [.lowStock(3), .mineSoldOut(4, more: true), .mineSoldOut(0, more: false), .mineLow(2, more: false)]

    /// The name of a phrase's case, as its declaration spells it.
    static func caseName(_ phrase: Phrase) -> String {
        Mirror(reflecting: phrase).children.first?.label ?? String(describing: phrase)
    }

    /// The case names `Phrase.swift` declares for `Phrase` itself (not its nested enums).
    static func declaredCases() throws -> Set<String> {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Localization/Phrase.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let body = String(text[text.range(of: "public enum Phrase")!.lowerBound..<text.range(of: "\nextension Phrase")!.lowerBound])
        return Set(body.matches(of: /\n    case (\w+)/).map { String($0.output.1) })
    }

    @Test("the samples reach every case of Phrase")
    func everyCase() throws {
        let declared = try Self.declaredCases()
        #expect(declared.count > 100)
        let sampled = Set(Self.samples.map(Self.caseName))
        #expect(declared.subtracting(sampled).isEmpty, "cases without a sample: \(declared.subtracting(sampled).sorted())")
        #expect(sampled.subtracting(declared).isEmpty)
    }

    @Test("every phrase has words in both languages, none with a control character")
    func words() {
        for phrase in Self.samples {
            for language in Language.allCases {
                let text = language.text(phrase)
                #expect(!text.isEmpty, "\(phrase) in \(language)")
                let controls = text.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" }
                #expect(controls.isEmpty, "\(phrase) in \(language) has control characters")
            }
        }
    }

    /// Phrases whose Korean is the same as the English: names and text that pass through.
    static func passesThrough(_ phrase: Phrase) -> Bool {
        switch phrase {
        case .pictureMode(.graphics), .pictureUnreadable, .notAPicture, .bannerError(_, nil), .about(.address(_?)): true
        // A product by its number and name, and the file's own words for what changed.
        case .productFile(.planChanged), .productFile(.planUnchanged): true
        default: false
        }
    }

    @Test("the Korean words are Korean: Hangul in each, and not the English")
    func korean() {
        for phrase in Self.samples where !Self.passesThrough(phrase) {
            let text = Language.korean.text(phrase)
            #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "no Hangul in \(phrase): \(text)")
            #expect(text != Language.english.text(phrase), "\(phrase)")
        }
    }

    @Test("the blanks are filled in both languages: numbers, names and keys appear in the words")
    func blanks() {
        let cases: [(Phrase, [String])] = [
            (.position(index: 2, count: 20, more: true, id: 7), ["2", "20+", "#7"]),
            (.newProducts(shown: "20+", count: 20, refreshKey: "F5"), ["20+", "F5"]),
            (.deleteQuestion(name: "Mug"), ["“Mug”"]), (.noMatch(query: "우산", clearKey: "Esc"), ["우산", "Esc"]),
            (.noMatchSuggesting(query: "teapottt", suggestion: "teapot", searchKey: "Enter", clearKey: "Esc"), ["“teapottt”", "“teapot”", "Enter", "Esc"]),
            (.nameLength(minimum: 3, maximum: 100, now: 2), ["3–100", "2"]),
            (.cannotReachServer(endpoint: "127.0.0.1:9", reason: .refused), ["127.0.0.1:9"]),
            (.serverRefused(message: "secret is wrong", status: 403), ["secret is wrong", "403"]),
            (.sshFull(front: "front-a"), ["front-a"]), (.noAnswerWithin(milliseconds: 2500), ["2.5"]),
            (.sshAddressFull(limit: 8), ["8"]),
            (.productFile(.place(line: 5, column: 4, name: "price")), ["5", "4", "price"]),
            (.productFile(.planNew(name: "Teapot", price: "₩12,000", stock: 3, pictures: 2)), ["“Teapot”", "₩12,000", "3", "2"]),
            (.productFile(.progress(done: 340, total: 1000)), ["340", "1,000"]),
            (.productFile(.stoppedMidway(done: "2–341", notDone: "342–1001")), ["2–341", "342–1001"]),
        ]
        for (phrase, parts) in cases {
            for language in Language.allCases {
                let text = language.text(phrase)
                for part in parts { #expect(text.contains(part), "\(part) missing in \(language): \(text)") }
            }
        }
    }

    @Test("English words are the ones the app always said")
    func english() {
        #expect(Language.english.text(.noAnswerWithin(milliseconds: 15000)) == "The server did not answer within 15 seconds.")
        #expect(Language.english.text(.noAnswerWithin(milliseconds: 1000)) == "The server did not answer within 1 second.")
        #expect(Language.english.text(.answerTooLarge(bytes: 16 << 20)) == "The server's answer is larger than the 16 MB this app accepts.")
        #expect(Language.english.text(.serverStatus(404)) == "The server answered with status 404 (Not Found).")
        #expect(Language.english.text(.productCount(1, more: false)) == "1 product")
        #expect(Language.korean.text(.productCount(20, more: true)) == "상품 20+개")
        #expect(Phrase.Transport(words: "connection refused") == .refused)
        #expect(Phrase.Transport(words: "something new") == .other("something new"))
    }
}

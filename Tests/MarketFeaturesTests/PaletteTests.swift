import Foundation
import Localization
import Mocks
import OpenMarketAPI
import TerminalUI
import MarketWords
import Testing

@testable import MarketFeatures

/// The command palette: fuzzy matching and its ranking, the palette's keys, running an action and opening a
/// product from it, and the market's search after a pause.
@Suite("The command palette")
struct PaletteTests {
    static func score(_ pattern: String, _ text: String) -> FuzzyMatch? {
        FuzzyMatch.match(FuzzyMatch.pattern(pattern), in: FuzzyMatch.Candidate(text))
    }

    @Test("a match is the pattern's letters in order, any case; none otherwise; the matched letters are named")
    func matching() {
        #expect(Self.score("bm", "Blue Mug")?.positions == [0, 5])
        #expect(Self.score("MUG", "blue mug")?.positions == [5, 6, 7])
        #expect(Self.score("gum", "Blue Mug") == nil, "order matters")
        #expect(Self.score("mugs", "Mug") == nil)
        #expect(Self.score("", "anything") == FuzzyMatch(score: 0, positions: []))
        #expect(Self.score("머그", "도자기 머그컵")?.positions == [4, 5], "Hangul, by scalar")
        #expect(Self.score("ö", "Köln") != nil && Self.score("K", "köln") != nil)
    }

    @Test("ranking: word starts and runs beat letters scattered; the start of the text beats the middle; a whole word beats its letters apart")
    func ranking() {
        func better(_ pattern: String, _ a: String, than b: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let (x, y) = (Self.score(pattern, a)?.score ?? .min, Self.score(pattern, b)?.score ?? .min)
            #expect(x > y, "\(pattern): \(a) (\(x)) over \(b) (\(y))", sourceLocation: sourceLocation)
        }
        better("mug", "Blue Mug", than: "Magnet Under Glass")
        better("mug", "Mug Tree", than: "Blue Mug")
        better("bm", "Blue Mug", than: "Bamboo")
        better("sort", "Order · sort.cycle", than: "Seoul Loafers Road Trip")
        better("wish", "Show the wish list", than: "Wool Ice Skates Heavy")
        // The best alignment, not the first: "ea" in "Green Tea" is the word start of "Tea"'s… no: e-a adjacent.
        #expect(Self.score("tea", "Tea set: green tea")?.positions == [0, 1, 2])
        #expect(Self.score("gt", "Green tea Garden tool")?.positions == [0, 6])
    }

    static func browser(products count: Int = 20) -> BrowserState {
        var state = Samples.loaded()
        state.writer = WriterIdentity(vendorID: 1)
        _ = count
        return state
    }

    @Test(": opens the palette over every action offered and every product loaded; typing narrows it and schedules a search; Enter runs the action as its key would")
    func runsAnAction() throws {
        var browser = BrowserTester(browser: Self.browser())
        browser.openPalette()
        guard case .palette(let opened) = browser.state.presented.last else { Issue.record("no palette"); return }
        let actions = opened.entries.filter { if case .action = $0.target { true } else { false } }
        #expect(
            Set(actions.compactMap { if case .action(let action) = $0.target { action } else { nil } })
                == Set(KeyAction.allCases.filter { $0.command != nil && [.browse, .list].contains($0.context) }),
            "over the list: every action of anywhere and of the list, none of the detail's")
        #expect(opened.entries.count == actions.count + 20 && opened.matches.count == opened.entries.count)
        browser.palette(.character("o"), query: "o", generation: 1)
        browser.palette(.character("r"), query: "or", generation: 2)
        browser.palette(.character("d"), query: "ord", generation: 3)
        browser.palette(.character("r"), query: "ordr", generation: 4)
        guard case .palette(let typed) = browser.state.presented.last else { Issue.record("no palette"); return }
        #expect(typed.selected?.target == .action(.sortCycle), "\(typed.matches.prefix(3).compactMap { typed.entry(at: typed.matches.firstIndex(of: $0)!)?.text })")
        browser.send(.keyPressed(.enter)) {
            $0.presented = []
            $0.catalog.order = .priceAscending
        }
    }

    @Test("Enter on a product selects it in the list and opens its detail; Esc closes; the search after a pause adds what the market found, not what is loaded; a stale answer is dropped")
    func opensAndSearches() throws {
        var browser = BrowserTester(browser: Self.browser())
        let target = browser.state.catalog.products[7]
        browser.openPalette()
        browser.palette(.paste(target.name), query: target.name, generation: 1)
        browser.send(.presented(.palette(.searchDue(generation: 1))), effects: [.searchPalette(query: target.name, generation: 1)]) {
            $0.changePalette { $0.searching = true }
        }
        browser.send(.presented(.palette(.searchDue(generation: 0))))  // an older pause: nothing
        let far = Samples.product(999, name: target.name + " deluxe")
        let page = ProductPage(
            pageNumber: 1, itemsPerPage: 20, totalCount: 2, offset: 0, limit: 20, lastPage: 1, hasNext: false, hasPrev: false,
            products: [target, far])
        browser.send(.presented(.palette(.searched(query: target.name, generation: 0, .success(page)))))  // stale: dropped
        browser.send(.presented(.palette(.searched(query: target.name, generation: 1, .success(page))))) {
            $0.changePalette { palette in
                // What was found and not loaded joins, under its name; ranked again over everything (the
                // ranking has tests of its own), the exact name first.
                palette.searching = false
                palette.found = [PaletteEntry(target: .found(far), text: far.name)]
                palette.foundFor = target.name
                palette.rankedFor = nil
                palette.rank()
                palette.selectedIndex = 0
            }
        }
        guard case .palette(let answered) = browser.state.presented.last else { Issue.record("no palette"); return }
        #expect(answered.found.map(\.target) == [.found(far)], "the loaded one is not found twice")
        #expect(answered.selected?.target == .product(target), "the exact name first")
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: target.id)]) {
            $0.presented = [.detail(DetailState(summary: target))]
            $0.catalog.selectedIndex = 7
        }
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
        browser.openPalette(key: .control("p"))
        browser.send(.keyPressed(.escape)) { $0.presented = [] }
    }

    @Test("without a vendor identity, writes are not offered")
    func offered() {
        var state = Samples.loaded()
        state.writer = nil
        var browser = BrowserTester(browser: state)
        browser.openPalette()
        guard case .palette(let palette) = browser.state.presented.last else { Issue.record("no palette"); return }
        let actions = palette.entries.compactMap { if case .action(let action) = $0.target { action } else { nil } }
        #expect(!actions.contains(.edit) && !actions.contains(.register) && actions.contains(.sortCycle))
    }
}


@Suite("The command palette over the detail, and by keys")
struct PaletteDetailTests {
    @Test("over a detail: the detail's own actions are offered (not the list's), and Enter gives the detail the action itself — one the settings gave no key too")
    func overDetail() throws {
        var state = Samples.loaded()
        state.keymap = try Keymap(bindings: [.reload: []])  // reload has no key: only the palette reaches it
        var browser = BrowserTester(browser: state)
        let product = try #require(browser.state.catalog.selectedProduct)
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: product.id)]) { $0.presented = [.detail(DetailState(summary: product))] }
        let detailShown = browser.state
        browser.openPalette()
        guard case .palette(let palette) = browser.state.presented.last else { Issue.record("no palette"); return }
        let actions = Set(palette.entries.compactMap { if case .action(let action) = $0.target { action } else { nil } })
        #expect(actions.isSuperset(of: [.pictureWindow, .reload, .back, .copyLink, .wishToggle]))
        #expect(actions.isDisjoint(with: [.sortCycle, .moveFirst, .open, .register]), "the list's wait under the detail: \(actions)")
        // Each key typed: the line so far, and the typing counted.
        func type(_ text: String, from generation: Int = 0) {
            for (offset, c) in text.enumerated() {
                browser.palette(.character(c), query: String(text.prefix(offset + 1)), generation: generation + offset + 1)
            }
        }
        type("zoom")
        guard case .palette(let typed) = browser.state.presented.last else { Issue.record("no palette"); return }
        #expect(typed.selected?.target == .action(.pictureWindow))
        // Enter: the palette closes and the detail takes z — its picture window (the product has none
        // loaded here, so the detail stays; reload instead shows the key reached it).
        browser.palette(.backspace, query: "zoo", generation: 5)
        browser.palette(.backspace, query: "zo", generation: 6)
        browser.palette(.backspace, query: "z", generation: 7)
        browser.palette(.backspace, query: "", generation: 8)
        type("reload", from: 8)
        // Reload, given to the detail (no key could): the detail as it was before the palette, asked for again.
        browser.send(.keyPressed(.enter), effects: [.loadDetail(id: product.id)]) { $0 = detailShown }
        browser.openPalette()
        type("back")
        browser.send(.keyPressed(.enter)) { $0.presented = [] }
    }

    @Test("an action is found by its key, and the key's letter is what is marked")
    func byKey() throws {
        let entry = PaletteEntry(target: .action(.copySummary), text: "Copy name, price and link · copy.summary", keys: "Y")
        let match = try #require(FuzzyMatch.match(FuzzyMatch.pattern("Y"), in: entry.candidate))
        let marks = entry.split(match.positions)
        #expect(marks.keys == [0] && marks.text.isEmpty, "the key, a word of its own, beats the y inside copy: \(match.positions)")
        var browser = BrowserTester(browser: Samples.loaded())
        browser.openPalette()
        browser.palette(.character("$"), query: "$", generation: 1)
        guard case .palette(let palette) = browser.state.presented.last else { Issue.record("no palette"); return }
        #expect(palette.selected?.target == .action(.filterPrice), "$ finds the price range by its key")
    }
}

extension FeatureTester where State == BrowserState, Event == BrowserEvent, Effect == BrowserEffect {
    /// A key that edits the open palette's line: the line must then read `query`, the typing be counted as
    /// `generation` and a search be scheduled for it after the pause, the palette be ranked for the new line
    /// (the ranking has tests of its own) — and nothing else change.
    mutating func palette(
        _ key: KeyEvent, query: String, generation: Int, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        send(.keyPressed(key), effects: [.schedulePaletteSearch(generation: generation, after: .milliseconds(400))], { state in
            guard let last = state.presented.indices.last, case .palette(var palette) = state.presented[last] else { return }
            palette.query = query
            palette.generation = generation
            palette.searching = false
            palette.rank()
            state.presented[last] = .palette(palette)
        }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Opens the palette with `key`. The entries expected are written from the rule the palette keeps, not made
    /// by the code that opens it: every action with palette words that works here — anywhere's always, the
    /// list's over the list, the detail's over a detail, writes only for a writer — in `KeyAction`'s order, each
    /// as its words, "·", its name and its keys; then every product shown, by its name.
    mutating func openPalette(
        key: KeyEvent = .character(":"), fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        send(.keyPressed(key), effects: [], { state in
            let overDetail = if case .detail? = state.presented.last { true } else { false }
            let writes: Set<KeyAction> = [.edit, .delete, .register, .mine, .bulk, .undo]
            let offered = KeyAction.allCases.filter { action in
                guard action.command != nil, state.writer != nil || !writes.contains(action) else { return false }
                switch action.context {
                case .browse: return true
                case .list: return state.presented.isEmpty
                case .detail: return overDetail
                case .question, .form: return false
                }
            }
            let entries =
                offered.map { action in
                    PaletteEntry(
                        target: .action(action), text: state.language.text(.command(action.command!)) + " · " + action.rawValue,
                        keys: state.keymap.hints(action, count: 2))
                } + state.catalog.products.map { PaletteEntry(target: .product($0), text: $0.name) }
            state.presented.append(.palette(PaletteState(entries: entries)))
        }, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension BrowserState {
    /// Changes the open palette (none open: nothing).
    mutating func changePalette(_ change: (inout PaletteState) -> Void) {
        guard let last = presented.indices.last, case .palette(var palette) = presented[last] else { return }
        change(&palette)
        presented[last] = .palette(palette)
    }
}


import Foundation
import MarketApp
import MarketFeatures
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@Suite("Browser runtime")
struct BrowserRuntimeTests {
    /// One product of JSON as a server sends it, without a thumbnail (no picture requests).
    static func productJSON(id: Int, name: String, price: Int = 1000) -> String {
        """
        {"id":\(id),"vendor_id":1,"vendorName":"demo","name":"\(name)","description":"desc","thumbnail":"",
        "currency":"KRW","price":\(price),"bargain_price":\(price),"discounted_price":0,"stock":3,
        "created_at":"2022-11-15T00:00:00","issued_at":"2022-11-15T00:00:00"}
        """
    }

    /// A page of JSON as a server sends it, without thumbnails (no picture requests).
    static func pageJSON(ids: [Int], page: Int = 1, hasNext: Bool = false, name: (Int) -> String = { "Item \($0)" }) -> String {
        let items = ids.map { productJSON(id: $0, name: name($0)) }
        return """
            {"pageNo":\(page),"itemsPerPage":20,"totalCount":\(ids.count),"offset":0,"limit":20,"lastPage":1,
            "hasNext":\(hasNext),"hasPrev":false,"pages":[\(items.joined(separator: ","))]}
            """
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<2000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting for \(what)")
    }

    @Test("typing a search waits 300 ms of the injected clock, then asks the server once; q quits")
    func debouncedSearch() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(Self.pageJSON(ids: [3, 2, 1])))
        transport.enqueue("GET", "/api/products", .json(Self.pageJSON(ids: [2], name: { _ in "Mug" })))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let terminal = FakeTerminal()
        let clock = ManualClock()
        let runtime = BrowserRuntime(
            client: client, terminal: terminal, configuration: BrowserConfiguration(pollInterval: .seconds(3600)),
            clock: clock)
        let running = Task { await runtime.run() }

        try await waitUntil("the first page on screen") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        terminal.type(.key(.character("/")))
        for c in "mug" { terminal.type(.key(.character(c))) }
        try await waitUntil("the query typed") { terminal.lastFrame?.trimmedLines().joined().contains("Search: mug") == true }
        try await waitUntil("the debounce sleeping") { clock.deadlines.contains(.milliseconds(300)) }
        clock.advance(by: .milliseconds(299))
        // The debounce's sleep has not ended, so no search was asked for: nothing to wait out.
        #expect(clock.deadlines.contains(.milliseconds(300)) && transport.requests.count == 1, "nothing before 300 ms")
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the search request") { transport.requests.count == 2 }
        let query = transport.requests[1].url.query ?? ""
        #expect(query.contains("search_value=mug"))
        try await waitUntil("the results on screen") { terminal.lastFrame?.trimmedLines().joined().contains("Mug") == true }
        #expect(terminal.lastFrame?.trimmedLines().first?.contains("search: mug") == true)

        terminal.type(.key(.enter))
        terminal.type(.key(.character("q")))
        await running.value
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("while the market's stream is followed the poll timer sleeps no more; a lost stream starts it again, a whole interval ahead")
    func pollTimerOnlyWithoutStream() async throws {
        let browser = try await StreamingBrowser(pollInterval: .seconds(10), test: self)
        let (stream, clock) = (browser.stream, browser.clock)
        stream.send(": hello\n\n")
        try await waitUntil("the poll timer stopped") { !clock.deadlines.contains(.seconds(10)) }
        clock.advance(by: .seconds(25))
        stream.end()
        // The stream is lost: the market's wait before it is opened again, and the poll timer from now.
        try await waitUntil("the poll timer again") { clock.deadlines.contains(.seconds(35)) }
        await browser.quit()
    }

    @Test("an edit a second keeps one timer for the product's mark: a newer edit moves its deadline (the task is not replaced), and the mark ends 3 s after the last edit")
    func freshMarkDeadlineMoves() async throws {
        let browser = try await StreamingBrowser(pollInterval: .seconds(3600), test: self)
        let (stream, clock, terminal) = (browser.stream, browser.clock, browser.terminal)
        stream.send(": hello\n\n")
        try await waitUntil("the poll timer stopped") { !clock.deadlines.contains(.seconds(3600)) }
        // (The stream's own silence limit, 45 s, waits on the clock too.) Item 3's price cell, first on the screen
        // (selected): marked while its style is not the one it had before the edit.
        let first = try #require(terminal.lastFrame)
        let price = try #require(Self.cell(of: "1,000", in: first))
        let unmarked = first[price.x, price.y].style
        let marked = { () -> Bool? in
            guard let frame = terminal.lastFrame, let edited = Self.cell(of: "9,000", in: frame) ?? Self.cell(of: "8,000", in: frame)
            else { return nil }
            return frame[edited.x, edited.y].style != unmarked
        }
        stream.send(Self.editedEvent(id: 3, price: 9000))
        try await waitUntil("the edit on screen, marked") { marked() == true }
        try await waitUntil("the mark's wait, 3 s") { clock.deadlines.filter { $0 < .seconds(10) } == [.seconds(3)] }
        clock.advance(by: .seconds(2))
        stream.send(Self.editedEvent(id: 3, price: 8000))
        try await waitUntil("the second edit on screen") { terminal.lastFrame.flatMap { Self.cell(of: "8,000", in: $0) } != nil }
        // A replaced task's sleep would be gone by this frame (the turn cancels it before it draws).
        #expect(clock.deadlines.filter { $0 < .seconds(10) } == [.seconds(3)], "the same wait, not replaced by one for 5 s")
        clock.advance(by: .seconds(1))
        try await waitUntil("the wait moved on to 5 s") { clock.deadlines.filter { $0 < .seconds(10) } == [.seconds(5)] }
        #expect(marked() == true, "at 3 s the second edit is still marked")
        clock.advance(by: .seconds(2))
        try await waitUntil("the mark ended at 5 s") { marked() == false }
        #expect(clock.deadlines.filter { $0 < .seconds(10) }.isEmpty)
        await browser.quit()
    }

    @Test("the market's change to a product this browser does not show, or a count that stayed the same, draws no frame; a change to one it shows draws one")
    func unseenChangeDrawsNothing() async throws {
        let browser = try await StreamingBrowser(pollInterval: .seconds(3600), test: self)
        let (stream, terminal, watch) = (browser.stream, browser.terminal, browser.watch)
        stream.send(": hello\nevent: here\ndata: {\"browsing\":4}\n\n")
        try await waitUntil("the count in the title") { terminal.lastFrame?.trimmedLines().first?.contains("4 here") == true }
        // A key that does nothing, and its turn: the count's turn has ended too, and nothing else waits.
        let keys = watch.keysHandled
        terminal.type(.key(.character("x")))
        try await waitUntil("the key's turn") { watch.keysHandled > keys }
        var (turns, frames) = (watch.turns, terminal.frameCount)
        stream.send(Self.editedEvent(id: 99, price: 9000))
        try await waitUntil("the turn of the edit of product 99") { watch.turns == turns + 1 }
        #expect(terminal.frameCount == frames, "product 99 is not on this screen")
        stream.send("event: here\ndata: {\"browsing\":4}\n\n")
        try await waitUntil("the turn of the same count") { watch.turns == turns + 2 }
        #expect(terminal.frameCount == frames, "the title says 4 already")
        (turns, frames) = (watch.turns, terminal.frameCount)
        stream.send(Self.editedEvent(id: 2, price: 9000))
        try await waitUntil("the turn of the edit of product 2") { watch.turns == turns + 1 }
        #expect(terminal.frameCount == frames + 1)
        #expect(terminal.lastFrame?.trimmedLines().joined().contains("9,000") == true)
        await browser.quit()
    }

    /// A browser on a fake terminal, a test clock and a market whose change stream the test writes: page 1 is
    /// products 3, 2 and 1, and the stream is open (not yet heard from).
    struct StreamingBrowser {
        let transport = MockTransport()
        let stream = MockStreamTransport.Script()
        let terminal = FakeTerminal()
        let clock = ManualClock()
        let watch = LoopWatch()
        let running: Task<BrowserRuntime.LeftChoices, Never>

        init(pollInterval: Duration, test: BrowserRuntimeTests) async throws {
            transport.stub("GET", "/api/products", .json(BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])))
            let streams = MockStreamTransport(plain: transport)
            streams.answer(stream)
            let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: streams)
            var configuration = BrowserConfiguration(pollInterval: pollInterval)
            configuration.watch = watch
            let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: clock)
            running = Task { await runtime.run() }
            let terminal = self.terminal
            try await test.waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
            try await test.waitUntil("the stream opened") { streams.requests.count == 1 }
        }

        /// Quits with q, and holds that the browser asked for nothing unexpected.
        func quit() async {
            terminal.type(.key(.character("q")))
            _ = await running.value
            #expect(transport.unexpectedRequests.isEmpty)
        }
    }

    /// The stream's event for product `id` of `pageJSON` edited to `price`.
    static func editedEvent(id: Int, price: Int) -> String {
        // One line of data: the product's JSON without its line breaks.
        "event: edited\ndata: \(productJSON(id: id, name: "Item \(id)", price: price).replacingOccurrences(of: "\n", with: ""))\n\n"
    }

    /// The first cell of `text` on `frame` (the screens here are ASCII: a character is a column).
    static func cell(of text: String, in frame: Canvas) -> (x: Int, y: Int)? {
        for (y, line) in frame.lines().enumerated() {
            if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound), y) }
        }
        return nil
    }

    @Test("a server error shows as a banner with its message; the loaded products stay")
    func errorBanner() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(Self.pageJSON(ids: Array((1...20).reversed()), hasNext: true)))
        transport.stub("GET", "/api/products", .json(#"{"code":500,"message":"database is locked"}"#, status: 500))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let terminal = FakeTerminal()
        let runtime = BrowserRuntime(
            client: client, terminal: terminal, configuration: BrowserConfiguration(pollInterval: .seconds(3600)),
            clock: ManualClock())
        let running = Task { await runtime.run() }
        try await waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 20") == true }
        terminal.type(.key(.character("G")))
        try await waitUntil("the banner") { terminal.lastFrame?.trimmedLines().joined().contains("database is locked") == true }
        let lines = terminal.lastFrame?.trimmedLines() ?? []
        #expect(lines[1].contains("r to retry"))
        #expect(lines.joined().contains("Item 1"), "what was loaded stays")
        terminal.type(.key(.character("q")))
        await running.value
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("Ctrl-C with a delete in flight: the request is cancelled and run() returns at once; nothing runs on")
    func quitWithWorkInFlight() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(Self.pageJSON(ids: [3, 2, 1])))
        transport.enqueue("POST", "/api/products/3/archived", MockTransport.Reply.text("/api/products/3/x").untilCancelled())
        // An identity without a vendor id: the browser asks which vendor it is; a course server has no such route.
        transport.enqueue("GET", "/api/vendors/me", .text("Not Found", status: 404))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let terminal = FakeTerminal()
        var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
        configuration.identity = VendorIdentity(identifier: "v", secret: "s")
        let watch = LoopWatch()
        configuration.watch = watch
        let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: ManualClock())
        let running = Task { await runtime.run() }
        try await waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        terminal.type(.key(.character("d")))
        try await waitUntil("the question") { terminal.lastFrame?.trimmedLines().joined().contains("Delete") == true }
        terminal.type(.key(.character("y")))
        try await waitUntil("the delete request") { transport.requests.count == 3 }
        let quit = ContinuousClock.now
        terminal.type(.key(.control("c")))
        await running.value
        #expect(ContinuousClock.now - quit < .seconds(300), "returned at once, not when the reply comes (a day)")
        #expect(transport.cancelledRequests == ["POST /api/products/3/archived"])
        #expect(transport.unexpectedRequests.isEmpty)
        // Every task the loop started had ended when run() returned, and only the loop draws: no frame and no
        // request can come after it — asserted, not waited out.
        #expect(watch.tasksLeftAtExit == 0, "every task ended before run() returned")
        #expect(transport.requests.count == 3, "the page, the vendor asked, the secret's POST: the DELETE that would follow never goes out")
    }
}

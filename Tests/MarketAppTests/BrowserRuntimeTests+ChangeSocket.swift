import Foundation
import MarketApp
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

/// The browser on a market's local change socket (`openmarket ssh` on its own market): the test plays the market
/// on a real Unix-domain socket; the fake terminal watches it on a thread of its own.
extension BrowserRuntimeTests {
    /// A browser whose configuration names `listener`'s socket, on page 1 (items 3, 2, 1), its connection
    /// accepted; HTTP streams go to `streams`.
    struct SocketBrowser {
        let transport = MockTransport()
        let streams: MockStreamTransport
        let terminal = FakeTerminal()
        let watch = LoopWatch()
        let market: Int32
        let running: Task<BrowserRuntime.LeftChoices, Never>

        init(listener: LocalSocketListener, stream: MockStreamTransport.Script? = nil, test: BrowserRuntimeTests) async throws {
            transport.stub("GET", "/api/products", .json(BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])))
            streams = MockStreamTransport(plain: transport)
            if let stream { streams.answer(stream) }
            let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: streams)
            var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
            configuration.watch = watch
            configuration.changeSocket = listener.path
            let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: ManualClock())
            running = Task { await runtime.run() }
            market = await listener.accept()
            try #require(market >= 0, "the browser connected to the socket")
            let terminal = self.terminal
            try await test.waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        }

        var screen: String { terminal.lastFrame?.trimmedLines().joined(separator: "\n") ?? "" }
    }

    @Test("on the market's local socket: the count and an edit show in place, and no stream is asked for over HTTP; when the socket ends, the browser follows over HTTP from the last whole event it had")
    func changeSocket() async throws {
        let listener = try LocalSocketListener()
        let stream = MockStreamTransport.Script()
        let browser = try await SocketBrowser(listener: listener, stream: stream, test: self)
        LocalSocketListener.send(
            "retry: 2000\n\nevent: here\ndata: {\"browsing\":2}\n\nid: e-7\n" + Self.editedEvent(id: 3, price: 9000), to: browser.market)
        try await waitUntil("the count and the edit") { browser.screen.contains("2 here") && browser.screen.contains("9,000") }
        #expect(browser.streams.requests.isEmpty)

        // The market cut it off in the middle of an event: e-8 never ended, so it is asked for again.
        LocalSocketListener.send("id: e-8\nevent: edited\ndata: {\"id\":3", to: browser.market)
        close(browser.market)
        try await waitUntil("the stream over HTTP") { browser.streams.requests.count == 1 }
        let request = try #require(browser.streams.requests.first)
        #expect(request.url.path == "/api/products/changes")
        #expect(request.headers.first { $0.name == "Last-Event-ID" }?.value == "e-7")
        stream.send("event: here\ndata: {\"browsing\":3}\n\n" + Self.editedEvent(id: 3, price: 8000))
        try await waitUntil("the HTTP stream's count and edit") { browser.screen.contains("3 here") && browser.screen.contains("8,000") }
        browser.terminal.type(.key(.character("q")))
        _ = await browser.running.value
        #expect(browser.transport.unexpectedRequests.isEmpty)
        #expect(browser.watch.tasksLeftAtExit == 0)
    }

    @Test("quitting while the socket is followed ends every task (the socket is shut down, and the market reads its end); nothing is asked over HTTP")
    func quitOnChangeSocket() async throws {
        let listener = try LocalSocketListener()
        let browser = try await SocketBrowser(listener: listener, test: self)
        defer { close(browser.market) }
        LocalSocketListener.send("event: here\ndata: {\"browsing\":5}\n\n", to: browser.market)
        try await waitUntil("the count") { browser.screen.contains("5 here") }
        browser.terminal.type(.key(.character("q")))
        _ = await browser.running.value
        #expect(browser.watch.tasksLeftAtExit == 0)
        var byte: UInt8 = 0
        #expect(read(browser.market, &byte, 1) == 0, "the market reads the socket's end")
        #expect(browser.streams.requests.isEmpty)
        #expect(browser.transport.unexpectedRequests.isEmpty)
    }
}

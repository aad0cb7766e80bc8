import Foundation
import MarketApp
import MarketFeatures
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

/// `o` against a course-API server (it never hears of sort) and against one that speaks the listing extension.
@Suite("Order and filter against each kind of server")
struct ListingRuntimeTests {
    /// A page of `ids` that echoes `listing` (the extension's `{"sort":…,"in_stock":…}`), as our server answers.
    static func page(_ ids: [Int], listing: String) -> String {
        BrowserRuntimeTests.pageJSON(ids: ids).replacingOccurrences(of: #""pages":"#, with: #""listing":\#(listing),"pages":"#)
    }

    func run(listing: Bool, _ body: (FakeTerminal, MockTransport) async throws -> Void) async throws {
        var first = BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])
        if listing { first = Self.page([3, 2, 1], listing: #"{"sort":"newest","in_stock":false}"#) }
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(first))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test")!, transport: transport)
        let terminal = FakeTerminal()
        let runtime = BrowserRuntime(
            client: client, terminal: terminal, configuration: BrowserConfiguration(pollInterval: .seconds(3600)), clock: ManualClock())
        let running = Task { await runtime.run() }
        try await BrowserRuntimeTests().waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        try await body(terminal, transport)
        terminal.type(.key(.character("q")))
        await running.value
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("a course-API server: nothing more is asked; the loaded pages are sorted and the status line says so")
    func course() async throws {
        try await run(listing: false) { terminal, transport in
            terminal.type(.key(.character("o")))
            try await BrowserRuntimeTests().waitUntil("the status line") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("price ↑ (loaded pages only)") } == true
            }
            #expect(transport.requests.count == 1)
            #expect(!(transport.requests[0].url.query ?? "").contains("sort"))
        }
    }

    @Test("a server that says it orders: page 1 is asked again with sort=price-asc; the status line names the order alone")
    func extended() async throws {
        try await run(listing: true) { terminal, transport in
            let sorted = Self.page([1, 3, 2], listing: #"{"sort":"price-asc","in_stock":false}"#)
            transport.enqueue("GET", "/api/products", .json(sorted))
            terminal.type(.key(.character("o")))
            try await BrowserRuntimeTests().waitUntil("the sorted request") { transport.requests.count == 2 }
            let query = transport.requests[1].url.query ?? ""
            #expect(query.contains("sort=price-asc") && query.contains("page_no=1"), "\(query)")
            try await BrowserRuntimeTests().waitUntil("the status line") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("  ·  price ↑") && !$0.contains("loaded pages") } == true
            }
        }
    }

    @Test("a server that echoes the listing but answers 400 to the order: page 1 again without it, the loaded pages sorted, and paging goes on plainly")
    func refused() async throws {
        try await run(listing: true) { terminal, transport in
            transport.enqueue("GET", "/api/products", MockTransport.Reply(status: 400, body: Array(#"{"error":"sort must be newest"}"#.utf8)))
            let plain = Self.page([3, 2, 1], listing: #"{"sort":"newest","in_stock":false}"#)
            transport.enqueue("GET", "/api/products", .json(plain))
            terminal.type(.key(.character("o")))
            try await BrowserRuntimeTests().waitUntil("page 1 asked again") { transport.requests.count == 3 }
            #expect((transport.requests[1].url.query ?? "").contains("sort=price-asc"))
            let again = transport.requests[2].url.query ?? ""
            #expect(!again.contains("sort") && again.contains("page_no=1"), "\(again)")
            try await BrowserRuntimeTests().waitUntil("the status line") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("price ↑ (loaded pages only)") } == true
            }
            #expect(terminal.lastFrame?.trimmedLines().contains { $0.contains("400") || $0.contains("sort must") } == false, "no error banner")
            // Another order is not asked of it again.
            terminal.type(.key(.character("o")))
            try await BrowserRuntimeTests().waitUntil("price ↓") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("price ↓ (loaded pages only)") } == true
            }
            #expect(transport.requests.count == 3)
        }
    }

    @Test("a server that echoes the listing but ignores in_stock (its page says in_stock false): page 1 again plainly, the filter applied here")
    func ignored() async throws {
        try await run(listing: true) { terminal, transport in
            let ignoring = Self.page([3, 2, 1], listing: #"{"sort":"newest","in_stock":false}"#)
            transport.enqueue("GET", "/api/products", .json(ignoring))
            transport.enqueue("GET", "/api/products", .json(ignoring))
            terminal.type(.key(.character("i")))
            try await BrowserRuntimeTests().waitUntil("page 1 asked again") { transport.requests.count == 3 }
            #expect((transport.requests[1].url.query ?? "").contains("in_stock=true"))
            #expect(!(transport.requests[2].url.query ?? "").contains("in_stock"))
            try await BrowserRuntimeTests().waitUntil("the status line") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("in stock (loaded pages only)") } == true
            }
        }
    }

    @Test("search and order combine: a search asked of a server that orders carries the order, and the order stays on the searched list")
    func searchAndSort() async throws {
        try await run(listing: true) { terminal, transport in
            let sorted = Self.page([1, 3, 2], listing: #"{"sort":"price-asc","in_stock":false}"#)
            transport.enqueue("GET", "/api/products", .json(sorted))
            transport.enqueue("GET", "/api/products", .json(sorted))
            terminal.type(.key(.character("o")))
            try await BrowserRuntimeTests().waitUntil("the sorted request") { transport.requests.count == 2 }
            terminal.type(.key(.character("/")))
            for c in "mug" { terminal.type(.key(.character(c))) }
            terminal.type(.key(.enter))
            try await BrowserRuntimeTests().waitUntil("the search") { transport.requests.count == 3 }
            let query = transport.requests[2].url.query ?? ""
            #expect(query.contains("sort=price-asc") && query.contains("search_value=mug") && query.contains("page_no=1"), "\(query)")
            try await BrowserRuntimeTests().waitUntil("the status line") {
                terminal.lastFrame?.trimmedLines().contains { $0.contains("  ·  price ↑") && !$0.contains("loaded pages") } == true
            }
        }
    }
}


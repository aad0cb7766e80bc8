import Foundation
import MarketApp
import MarketFeatures
import Mocks
import OpenMarketAPI
import TerminalUI
import Testing

@Suite("Copying through the terminal")
struct CopyRuntimeTests {
    @Test("y hands the selected product's link to the terminal to copy, Y a line of it; the status line says what")
    func copies() async throws {
        let transport = MockTransport()
        transport.enqueue("GET", "/api/products", .json(BrowserRuntimeTests.pageJSON(ids: [3, 2, 1])))
        let client = OpenMarketClient(baseURL: URL(string: "http://m.test:8080")!, transport: transport)
        let terminal = FakeTerminal()
        var configuration = BrowserConfiguration(pollInterval: .seconds(3600))
        configuration.marketURL = "http://m.test:8080/"
        configuration.clipboard = .takes
        let runtime = BrowserRuntime(client: client, terminal: terminal, configuration: configuration, clock: ManualClock())
        let running = Task { await runtime.run() }
        let probe = BrowserRuntimeTests()
        try await probe.waitUntil("the first page") { terminal.lastFrame?.trimmedLines().joined().contains("Item 3") == true }
        terminal.type(.key(.character("y")))
        try await probe.waitUntil("the copy") { terminal.copied.count == 1 }
        #expect(terminal.copied == ["http://m.test:8080/api/products/3"])
        try await probe.waitUntil("the notice") {
            terminal.lastFrame?.trimmedLines().contains { $0.contains("Copied the link: http://m.test:8080/api/products/3") } == true
        }
        terminal.type(.key(.character("Y")))
        try await probe.waitUntil("the second copy") { terminal.copied.count == 2 }
        #expect(terminal.copied[1] == "Item 3 — ₩1,000 — http://m.test:8080/api/products/3")
        terminal.type(.key(.character("q")))
        await running.value
        #expect(transport.unexpectedRequests.isEmpty)
    }
}

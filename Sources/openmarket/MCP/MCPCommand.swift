import ArgumentParser
import Foundation
import MCP

/// `openmarket mcp`: the market for AI agents, over the Model Context Protocol on standard input and output —
/// tools to search, list and show products and, with a vendor identity, to register, edit and delete them,
/// each with a JSON schema for its input and the form's rules.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the market to AI agents over the Model Context Protocol (stdio).",
        discussion: """
            Speaks MCP on standard input and output (connect it as a stdio server). The market and the vendor are \
            found as for `openmarket products`; without an identity only the reading tools are offered.
            """)

    @OptionGroup var market: MarketAccess

    func run() async throws {
        try await market.run { market in
            let tools = MarketTools(market: market)
            let server = Server(
                name: "openmarket", version: "1.0.0", title: "Open Market",
                capabilities: .init(tools: .init(listChanged: false)))
            await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools.tools) }
            await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments ?? [:]) }
            try await server.start(transport: StdioTransport())
            await server.waitUntilCompleted()
        }
    }
}

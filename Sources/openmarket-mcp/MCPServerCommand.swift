import ArgumentParser
import Foundation
import MCP
import MarketCommands
import MarketTools

/// `openmarket-mcp` (what `openmarket mcp` hands over to): the market for AI agents, over the Model Context
/// Protocol on standard input and output — tools to search, list and show products and, with a vendor
/// identity, to register, edit and delete them, each with a JSON schema for its input and the form's rules.
///
/// A program of its own because the MCP SDK brings FoundationNetworking, and with it libcurl and some
/// thirty libraries the browser's binary would otherwise load at every start (docs/DECISIONS.md).
@main
struct MCPServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket mcp", abstract: MCPHelp.abstract, discussion: MCPHelp.discussion)

    @OptionGroup var market: MarketAccess

    func run() async throws {
        // What it makes (the embedded market's data directory among them) is its user's alone, as `openmarket`'s.
        umask(0o077)
        try await market.run { market in
            let tools = MarketTools(market: market)
            let server = Server(
                name: "openmarket", version: "1.0.0", title: "Open Market",
                capabilities: .init(tools: .init(listChanged: false)))
            await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools.tools) }
            await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments ?? [:]) }
            let transport = AnsweringTransport(StdioTransport())
            try await server.start(transport: transport)
            await server.waitUntilCompleted()
            // The client closed its side: answer what it asked before, as the market lets us (a call's
            // requests end within the client's 15 s timeout each).
            await transport.untilAnswered(atMost: .seconds(60))
        }
    }
}

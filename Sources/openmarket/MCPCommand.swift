import ArgumentParser
import Foundation
import MarketCommands

/// `openmarket mcp`: hands over to `openmarket-mcp` beside this executable, with the same arguments, standard
/// input and output. The MCP SDK brings FoundationNetworking, and with it libcurl and some thirty libraries
/// that every browser — each SSH visitor's too — would otherwise load at start (docs/DECISIONS.md). The
/// options are declared here as well, so help, completions and option mistakes are those of every command.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mcp", abstract: MCPHelp.abstract, discussion: MCPHelp.discussion)

    @OptionGroup var market: MarketAccess

    /// The program that serves MCP.
    static let server = "openmarket-mcp"

    func run() throws {
        let all = CommandLine.arguments
        let arguments = all.firstIndex(of: "mcp").map { Array(all[($0 + 1)...]) } ?? []
        throw SiblingProgram(Self.server).replaceProcess(arguments: arguments).exit()
    }
}

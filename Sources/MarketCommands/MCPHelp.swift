/// What `openmarket mcp --help` says, the same from the browser's binary (which hands over) and from
/// `openmarket-mcp` (which serves).
public enum MCPHelp {
    /// The command's one line.
    public static let abstract = "Serve the market to AI agents over the Model Context Protocol (stdio)."
    /// The command's paragraph.
    public static let discussion = """
        Speaks MCP on standard input and output (connect it as a stdio server). The market and the vendor are \
        found as for `openmarket products`; without an identity only the reading tools are offered. The server \
        is the program openmarket-mcp, installed beside openmarket; `openmarket mcp` hands over to it.
        """
}

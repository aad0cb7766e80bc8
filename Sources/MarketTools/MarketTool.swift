public import MCP
public import MarketCommands

/// One MCP tool over a market, as a value: its name and words, its parameters (its input schema is derived
/// from them), whether it writes (offered only with a vendor identity) and what a call does. The tools are
/// ``MarketTools/all``, a file each (`MarketTool+Search.swift`, …).
public struct MarketTool: Sendable {
    /// What a call does: the market, the arguments read by the tool's parameters; the answer, or a throw that
    /// becomes a refusal (``ToolRefusal`` or `CommandFailure`, in one line).
    public typealias Run = @Sendable (MarketAccess.Market, ToolArguments) async throws -> CallTool.Result

    /// The tool's name, as an agent calls it.
    public var name: String
    /// Its title, for people.
    public var title: String
    /// What it does, for the agent.
    public var summary: String
    /// Its arguments, in the order the schema lists them.
    public var parameters: [ToolParameter]
    /// Whether it changes the market (offered only with a vendor identity).
    public var writes: Bool
    /// Whether it deletes.
    public var destroys: Bool
    /// What a call does.
    public var run: Run

    public init(
        name: String, title: String, summary: String, parameters: [ToolParameter], writes: Bool = false,
        destroys: Bool = false, run: @escaping Run
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.writes = writes
        self.destroys = destroys
        self.run = run
    }

    /// The input schema: an object of the parameters' schemas, the required ones named in order.
    public var inputSchema: Value {
        var schema: [String: Value] = [
            "type": "object",
            "properties": .object(Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.schema) })),
        ]
        let required = parameters.filter(\.isRequired).map(\.name)
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    /// As MCP lists it.
    public var tool: Tool {
        Tool(
            name: name, title: title, description: summary, inputSchema: inputSchema,
            annotations: writes ? .init(destructiveHint: destroys) : .init(readOnlyHint: true))
    }
}

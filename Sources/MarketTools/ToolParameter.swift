public import MCP

/// One argument a tool takes: its name, what it means, its kind and bounds, whether it is required. The
/// tool's input schema is derived from these, and its arguments are read and refused by the same values, so
/// the schema an agent reads and the refusal it gets cannot say different things.
public struct ToolParameter: Sendable, Equatable {
    /// What kind of value it is, with its bounds.
    public enum Kind: Sendable, Equatable {
        /// A whole number within the range (`Int.max` above: no maximum).
        case integer(ClosedRange<Int>)
        /// True or false.
        case boolean
        /// Text, of a length (characters) within the range when given, one of the words when given.
        case text(length: ClosedRange<Int>? = nil, words: [String]? = nil)
        /// Paths of files on this machine, as many as the range says.
        case files(count: ClosedRange<Int>)
    }

    /// The key in the arguments.
    public var name: String
    /// What it means, for the agent.
    public var meaning: String
    /// Its kind and bounds.
    public var kind: Kind
    /// Whether a call must give it.
    public var isRequired: Bool

    public init(_ name: String, _ meaning: String, _ kind: Kind, required: Bool = false) {
        self.name = name
        self.meaning = meaning
        self.kind = kind
        self.isRequired = required
    }

    /// The same parameter, required.
    public var required: ToolParameter {
        var copy = self
        copy.isRequired = true
        return copy
    }

    /// Its JSON schema.
    public var schema: Value {
        var schema: [String: Value] = ["description": .string(meaning)]
        switch kind {
        case .integer(let range):
            schema["type"] = "integer"
            schema["minimum"] = .int(range.lowerBound)
            if range.upperBound != .max { schema["maximum"] = .int(range.upperBound) }
        case .boolean:
            schema["type"] = "boolean"
        case .text(let length, let words):
            schema["type"] = "string"
            if let length {
                schema["minLength"] = .int(length.lowerBound)
                schema["maxLength"] = .int(length.upperBound)
            }
            if let words { schema["enum"] = .array(words.map { .string($0) }) }
        case .files(let count):
            schema["type"] = "array"
            schema["minItems"] = .int(count.lowerBound)
            schema["maxItems"] = .int(count.upperBound)
            schema["items"] = ["type": "string"]
        }
        return .object(schema)
    }
}

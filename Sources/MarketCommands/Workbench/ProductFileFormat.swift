/// The formats of a product file: comma- (or semicolon-, or tab-) separated values, or a JSON object a line.
public enum ProductFileFormat: String, Sendable, CaseIterable {
    case csv
    case jsonl

    /// The format a file's name says (`.jsonl`, `.ndjson`, `.json` are JSON Lines); CSV otherwise.
    public init(path: String) {
        let lower = path.lowercased()
        self = [".jsonl", ".ndjson", ".json"].contains { lower.hasSuffix($0) } ? .jsonl : .csv
    }
}

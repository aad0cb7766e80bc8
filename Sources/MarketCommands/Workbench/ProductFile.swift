/// A product file as read: its rows, the rows refused while reading (a missing value, a line that is no JSON
/// object), and what was done to read it.
public struct ProductFile: Sendable, Equatable {
    public var format: ProductFileFormat
    /// The rows, in the file's order; blank lines left out.
    public var rows: [ProductFileRow]
    /// Rows that could not be read, each with its line.
    public var problems: [ProductFileProblem]
    /// The encoding the file was converted from, when it was not UTF-8.
    public var convertedFrom: String?
    /// A CSV column's number (from 1), by column; empty for JSON Lines.
    public var columnNumbers: [ProductColumn: Int]

    public init(
        format: ProductFileFormat, rows: [ProductFileRow], problems: [ProductFileProblem] = [], convertedFrom: String? = nil,
        columnNumbers: [ProductColumn: Int] = [:]
    ) {
        self.format = format
        self.rows = rows
        self.problems = problems
        self.convertedFrom = convertedFrom
        self.columnNumbers = columnNumbers
    }

    /// A refusal of `row`'s `column`, placed as this file names its columns.
    public func problem(_ row: ProductFileRow, _ column: ProductColumn?, _ reason: ProductFileProblem.Reason, status: Int32 = CommandFailure.refused)
        -> ProductFileProblem
    {
        ProductFileProblem(line: row.line, column: column?.rawValue, columnNumber: column.flatMap { columnNumbers[$0] }, reason, status: status)
    }
}

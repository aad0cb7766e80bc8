/// A row of a product file as read: the line it starts on and its values by column, as text. A column the file
/// does not have, or an empty cell, has no value: an edit leaves that field as it is.
public struct ProductFileRow: Sendable, Equatable {
    /// The line (from 1) the row starts on (a quoted value may hold line breaks).
    public var line: Int
    /// The non-empty values, by column.
    public var values: [ProductColumn: String]
    /// The pictures: files (relative to the file's folder) or http(s) addresses.
    public var pictures: [String]

    public init(line: Int, values: [ProductColumn: String], pictures: [String] = []) {
        self.line = line
        self.values = values
        self.pictures = pictures
    }

    /// The value of `column`, nil when absent or empty.
    public subscript(column: ProductColumn) -> String? { values[column] }
}

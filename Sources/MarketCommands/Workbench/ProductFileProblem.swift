import Localization

/// Why a product file, or a row of it, is refused: where (the line, the column) and the reason, and the exit
/// status the product commands give it (65 the rules, 66 no such product or file, 77 another vendor's).
public struct ProductFileProblem: Error, Sendable, Equatable {
    /// The line (from 1) the row starts on; nil for the file as a whole.
    public var line: Int?
    /// The column, by the file's own name for it.
    public var column: String?
    /// The column's number in a CSV file (from 1); nil in JSON Lines, where the key names it.
    public var columnNumber: Int?
    /// What is wrong, in the user's language.
    public var reason: Reason
    /// The exit status (sysexits.h, as the product commands use them).
    public var status: Int32

    /// What is wrong: one of the file's own phrases, or a rule of the form.
    public enum Reason: Sendable, Equatable {
        case file(Phrase.ProductFile)
        case phrase(Phrase)
        /// Words from elsewhere (the market's answer), shown as they are (made safe where printed).
        case words(String)
    }

    public init(line: Int?, column: String? = nil, columnNumber: Int? = nil, _ reason: Reason, status: Int32 = CommandFailure.refused) {
        self.line = line
        self.column = column
        self.columnNumber = columnNumber
        self.reason = reason
        self.status = status
    }

    /// `line 5, column 4 (price): …`, in `language`.
    public func text(in language: Language) -> String {
        let reasonText: String
        switch reason {
        case .file(let phrase): reasonText = language.text(.productFile(phrase))
        case .phrase(let phrase): reasonText = language.text(phrase)
        case .words(let words): reasonText = words
        }
        guard let line else { return reasonText }
        return language.text(.productFile(.place(line: line, column: columnNumber, name: column))) + ": " + reasonText
    }
}

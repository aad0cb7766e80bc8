/// The validation table of API.md, and the limits of a listing: what a server enforces and what a client
/// checks before it sends (a form, the CLI, an MCP tool) — one set of numbers for both.
public enum ProductRules {
    /// A name's length, in characters (`Character`s, as both ends count them).
    public static let nameLength = 3...100
    /// A description's length, in characters.
    public static let descriptionLength = 10...1000
    /// How many pictures a registration carries.
    public static let pictureCount = 1...5
    /// The most bytes one picture may have.
    public static let pictureBytes = 307_200
    /// The pages a listing may ask for.
    public static let pageNumbers = 1...1_000_000
    /// Products a page may hold.
    public static let itemsPerPage = 1...100
    /// Products a page holds when none is asked.
    public static let defaultItemsPerPage = 20
    /// The most characters a search may have.
    public static let searchLength = 200
    /// Digits a price bound may have before its point (what SQLite's REAL holds exactly).
    public static let boundDigits = 15
    /// Digits a price bound may have after its point.
    public static let boundDecimals = 4
}

import NIOConcurrencyHelpers

/// The tables of the in-memory stores, behind one lock: what a database is to the SQLite stores. Each
/// store method is one `transaction`, so it is atomic against every other.
final class MemoryDatabase: Sendable {
    private let tables = NIOLockedValueBox(MemoryTables())

    /// Runs `body` with the tables locked; whatever it changes is seen whole or not at all. When it
    /// throws, nothing it changed is kept.
    func transaction<Result>(_ body: (inout MemoryTables) throws -> Result) throws -> Result {
        try tables.withLockedValue { tables in
            var copy = tables
            let result = try body(&copy)
            tables = copy
            return result
        }
    }

    /// Runs `body` with the tables locked, to read them.
    func read<Result>(_ body: (MemoryTables) throws -> Result) rethrows -> Result {
        try tables.withLockedValue { try body($0) }
    }
}

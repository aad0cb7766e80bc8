import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

extension PostgresConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws, and its error
    /// rethrown as it is (PostgresNIO's `withTransaction` wraps it, which would hide an `APIError`'s 404).
    /// A connection whose rollback fails is closed, so the pool never lends it out mid-transaction.
    /// A `snapshot` transaction only reads, and all its statements see the same committed state.
    func transaction<Result: Sendable>(
        snapshot: Bool = false, logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await query(snapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", logger: logger)
        let result: Result
        do {
            result = try await body(self)
        } catch {
            do {
                try await query("ROLLBACK", logger: logger)
            } catch {
                try? await close()
            }
            throw error
        }
        try await query("COMMIT", logger: logger)
        return result
    }

    /// The rows of `query`, each read by `read`.
    func rows<Row>(_ query: PostgresQuery, logger: Logger, _ read: (PostgresRandomAccessRow) throws -> Row)
        async throws -> [Row]
    {
        var rows: [Row] = []
        for try await row in try await self.query(query, logger: logger) {
            rows.append(try read(PostgresRandomAccessRow(row)))
        }
        return rows
    }

    /// The first row of `query`, read by `read`, or nil when there is none.
    func firstRow<Row>(_ query: PostgresQuery, logger: Logger, _ read: (PostgresRandomAccessRow) throws -> Row)
        async throws -> Row?
    {
        try await rows(query, logger: logger, read).first
    }
}

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

extension PostgresClient {
    /// How long a store operation may wait for a connection before the request gets a 503: the pool would
    /// otherwise wait up to a minute for a database that went away.
    static let operationDeadline: Duration = .seconds(5)
    /// How long one transaction may take in all.
    static let transactionDeadline: Duration = .seconds(60)

    /// One transaction on a connection of the pool (`PostgresConnection.transaction`). While the database
    /// is away — no connection, a connection lost, no answer within `operationDeadline` — it throws a 503
    /// `APIError` (the usual error body), and succeeds again once the database is back.
    @discardableResult
    func transaction<Result: Sendable>(
        snapshot: Bool = false, logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await leasing(logger: logger) { connection in
            try await connection.transaction(snapshot: snapshot, logger: logger, body)
        }
    }

    /// One statement on a connection of the pool, outside a transaction: a single statement is atomic and
    /// reads one snapshot by itself, so this saves the round trips of BEGIN and COMMIT (a picture read costs
    /// a third of the CPU). `body` must run exactly one statement. Deadlines and 503s as `transaction`.
    @discardableResult
    func statement<Result: Sendable>(
        logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await leasing(logger: logger, body)
    }

    /// Runs `work` on a connection of the pool within the deadlines, answering 503 while the database is away.
    private func leasing<Result: Sendable>(
        logger: Logger, _ work: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            // The deadline is on getting a connection: a long transaction (seeding the catalog) may take its time.
            // Once it has its connection the work gets `transactionDeadline` in all (a lost connection that
            // never says so must not hold a request forever).
            let leased = NIOLockedValueBox(false)
            return try await Deadline.run(
                within: Self.operationDeadline, unless: { leased.withLockedValue { $0 } }, atMost: Self.transactionDeadline
            ) {
                try await self.withConnection { connection in
                    leased.withLockedValue { $0 = true }
                    return try await work(connection)
                }
            }
        } catch is DeadlinePassed {
            throw APIError(.serviceUnavailable, "no database connection within \(Self.operationDeadline); try again shortly")
        } catch where PostgresStoreError.isConnectivity(error) {
            logger.warning("database unavailable: \(PostgresStoreError.reason(error))")
            throw APIError(.serviceUnavailable, "the database is unavailable; try again shortly")
        }
    }
}

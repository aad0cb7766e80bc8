import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The connection pool as the stores use it: PostgresNIO's `PostgresClient` with the rules of a request —
/// a deadline on all of its database work, 503s while the database is away, a stuck connection closed —
/// and what an operator watches (`DatabaseMetrics`: how long work waited for a connection, and why the
/// database failed it).
struct PostgresPool: Sendable {
    let client: PostgresClient
    let metrics: DatabaseMetrics

    /// How long a request's store operation may take in all — waiting for a connection, then its statements —
    /// before the request gets a 503: a database that went away, or stopped answering without closing its
    /// connections (its packets dropped), would otherwise hold requests for a minute or for good.
    static let requestDeadline: Duration = .seconds(5)
    /// How long the demo catalog's seeding (one transaction of every product and picture) may take.
    static let seedingDeadline: Duration = .seconds(600)

    /// One transaction on a connection of the pool (`PostgresConnection.transaction`). While the database
    /// is away — no connection, a connection lost, no answer within `deadline` — it throws a 503 `APIError`
    /// (the usual error body), and succeeds again once the database is back.
    @discardableResult
    func transaction<Result: Sendable>(
        snapshot: Bool = false, logger: Logger, deadline: Duration = requestDeadline,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await leasing(logger: logger, deadline: deadline) { connection in
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
        try await leasing(logger: logger, deadline: Self.requestDeadline, body)
    }

    /// Runs `work` on a connection of the pool within `deadline`, answering 503 while the database is away. A
    /// connection whose work ran past the deadline is closed: it may be one whose packets go nowhere, and the
    /// pool must not lend it again.
    private func leasing<Result: Sendable>(
        logger: Logger, deadline: Duration, _ work: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let leased = NIOLockedValueBox<PostgresConnection?>(nil)
        let asked = ContinuousClock.now
        let metrics = self.metrics
        do {
            return try await Deadline.run(within: deadline) {
                try await client.withConnection { connection in
                    metrics.waited(ContinuousClock.now - asked)
                    leased.withLockedValue { $0 = connection }
                    return try await work(connection)
                }
            }
        } catch is DeadlinePassed {
            if let stuck = leased.withLockedValue({ $0 }) {
                metrics.failed(.noAnswer)
                logger.warning("database did not answer within \(deadline); closing that connection")
                Task { try? await stuck.close() }
                throw APIError(.serviceUnavailable, "the database did not answer within \(deadline); try again shortly")
            }
            metrics.failed(.noConnection)
            throw APIError(.serviceUnavailable, "no database connection within \(deadline); try again shortly")
        } catch where PostgresStoreError.isConnectivity(error) {
            metrics.failed(.unreachable)
            logger.warning("database unavailable: \(PostgresStoreError.reason(error))")
            throw APIError(.serviceUnavailable, "the database is unavailable; try again shortly")
        }
    }
}

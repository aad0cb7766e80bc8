public import CoreMetrics

/// What `openmarket serve --database` tells an operator about PostgreSQL, made with the factory it is given
/// (none by default): how long each piece of work waited for a connection of the pool
/// (`openmarket_db_pool_wait_seconds`), and the work the database failed, by why
/// (`openmarket_db_unavailable_total{reason}`: no connection within the deadline, no answer within it, or
/// unreachable).
public struct DatabaseMetrics: Sendable {
    /// Why the database failed a piece of work (each answered 503).
    enum Failure: String, CaseIterable {
        case noConnection = "no_connection"
        case noAnswer = "no_answer"
        case unreachable
    }

    private let wait: CoreMetrics.Timer
    private let failures: [Failure: Counter]

    public init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        wait = CoreMetrics.Timer(label: "openmarket_db_pool_wait_seconds", factory: factory)
        failures = Dictionary(uniqueKeysWithValues: Failure.allCases.map {
            ($0, Counter(label: "openmarket_db_unavailable_total", dimensions: [("reason", $0.rawValue)], factory: factory))
        })
    }

    /// A piece of work got its connection after `duration`.
    func waited(_ duration: Duration) {
        wait.recordNanoseconds(duration.nanoseconds)
    }

    /// The database failed a piece of work.
    func failed(_ why: Failure) {
        failures[why]?.increment()
    }
}

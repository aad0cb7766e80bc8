import Foundation
public import MarketServer

/// The PostgreSQL cluster the tests run the PostgreSQL store's cases on, named by
/// `OPENMARKET_TEST_DATABASE` (`make test` starts a throwaway one: scripts/test-postgres.sh).
///
/// Unset on a developer's machine, the PostgreSQL cases are left out and one test says so as skipped.
/// In CI (`CI` set) they are never left out: without a cluster they fail, as they do whenever the
/// variable names a cluster that does not answer.
public enum TestPostgres {
    /// The environment variable that names the cluster.
    public static let variable = "OPENMARKET_TEST_DATABASE"

    /// The cluster's URL, when the variable is set.
    public static var url: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True in CI, where a missing cluster must fail the PostgreSQL cases rather than skip them.
    public static var isRequired: Bool {
        guard let ci = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(ci.lowercased())
    }

    /// Whether the PostgreSQL cases run (and fail when there is no cluster).
    public static var runsCases: Bool { url != nil || isRequired }

    /// What the skipped test says when the cases are left out.
    public static let skipNotice =
        "\(variable) is unset: the PostgreSQL store's cases are skipped (make test starts a throwaway cluster)"

    /// The cluster's location, or an error saying why there is none.
    public static func cluster() throws -> PostgresLocation {
        guard let url else {
            throw TestPostgresError("\(variable) is unset in CI: the PostgreSQL store's cases cannot run")
        }
        return try PostgresLocation(url: url)
    }
}

/// A test of the PostgreSQL store that cannot run.
public struct TestPostgresError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

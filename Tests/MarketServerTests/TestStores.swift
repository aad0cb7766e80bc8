import Foundation
import MarketServer
import Mocks
import ServerTestSupport
import Testing

/// The stores a test server runs on: every route test runs against each (the contract tests). PostgreSQL
/// is among them when the tests have a cluster, and always in CI (`TestPostgres`).
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `MarketStores.memory`: the in-memory stores.
    case memory
    /// `SQLiteStores`: a SQLite file in the data directory, as `openmarket serve` runs.
    case sqlite
    /// `PostgresStores`: a schema of the test cluster, as `openmarket serve --database` runs.
    case postgres

    static var allCases: [StoreKind] { TestPostgres.runsCases ? [.memory, .sqlite, .postgres] : [.memory, .sqlite] }

    var testDescription: String { rawValue }
}

/// Where one test's stores live, so that they can be opened again as a restart would find them: the same
/// memory tables, the SQLite file in the data directory, or the same PostgreSQL schema.
struct TestStores: Sendable {
    let kind: StoreKind
    let directory: TemporaryDirectory
    private let memory: MarketStores?
    /// The schema of `.postgres` stores, dropped when the test case ends (`PostgresSchemas`).
    let schema: TestSchema?

    /// A new, empty place for stores of `kind`.
    static func make(_ kind: StoreKind, directory: TemporaryDirectory, now: @escaping @Sendable () -> Date = { Date() })
        async throws -> TestStores
    {
        TestStores(
            kind: kind, directory: directory, memory: kind == .memory ? MarketStores.memory(now: now) : nil,
            schema: kind == .postgres ? try await TestSchemaScope.newSchema() : nil)
    }

    /// The stores, opened (again).
    func open(now: @escaping @Sendable () -> Date = { Date() }) async throws -> MarketStores {
        switch kind {
        case .memory: memory!
        case .sqlite: try SQLiteStores.open(directory: directory.url, now: now).stores
        case .postgres: try await schema!.open(now: now).stores
        }
    }
}

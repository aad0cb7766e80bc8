import ServerTestSupport
import Testing

/// Gives every test case of a suite a `TestSchemaScope`: the PostgreSQL schemas the case makes
/// (`TestStores`, `TestMarket`) are dropped when it ends, passed or failed.
struct PostgresSchemas: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let scope = TestSchemaScope()
        do {
            try await TestSchemaScope.$current.withValue(scope) { try await function() }
        } catch {
            await scope.dropAll()
            throw error
        }
        await scope.dropAll()
    }
}

extension Trait where Self == PostgresSchemas {
    /// Drops the PostgreSQL schemas each test case makes when it ends.
    static var postgresSchemas: Self { PostgresSchemas() }
}

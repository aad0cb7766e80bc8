import NIOConcurrencyHelpers

/// The schemas one test case made, dropped when it ends: a test trait (`PostgresSchemas` in the test
/// targets) sets `current` around each case, and helpers that cannot drop what they make (a `TestMarket`,
/// removed by a `defer`) make their schemas here.
public final class TestSchemaScope: Sendable {
    /// The scope of the running test case, if its suite has one.
    @TaskLocal public static var current: TestSchemaScope?

    private let schemas = NIOLockedValueBox<[TestSchema]>([])

    public init() {}

    /// A new schema, dropped with the scope.
    public func newSchema() async throws -> TestSchema {
        let schema = try await TestSchema.create()
        schemas.withLockedValue { $0.append(schema) }
        return schema
    }

    /// A new schema in the running test case's scope; an error when the case has none.
    public static func newSchema() async throws -> TestSchema {
        guard let current else {
            throw TestPostgresError("no schema scope: give the suite the .postgresSchemas trait")
        }
        return try await current.newSchema()
    }

    /// Drops every schema made here.
    public func dropAll() async {
        for schema in schemas.withLockedValue({ $0 }) {
            await schema.drop()
        }
    }
}

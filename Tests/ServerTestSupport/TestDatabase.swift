import Foundation

/// A database of its own in the test cluster, for tests that hand the real binary a URL (a schema cannot be
/// named in one). Slower than a `TestSchema` (`CREATE DATABASE` takes about 250 ms); dropped afterwards.
public enum TestDatabase {
    /// Runs `body` with the URL of a new, empty database of the cluster of `TestPostgres`.
    public static func with<Result: Sendable>(_ body: (_ url: String) async throws -> Result) async throws -> Result {
        let cluster = try TestPostgres.cluster()
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await TestSchema.administer(cluster, "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8'")
        var location = cluster
        location.database = name
        do {
            let result = try await body(location.description)
            try await TestSchema.administer(cluster, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            try? await TestSchema.administer(cluster, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }
}

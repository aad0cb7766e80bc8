import Foundation
import HTTPTypes
import Hummingbird

/// `GET /healthChecker/ready`, for load balancers: 200 when this replica can answer from its store (a
/// one-product page read through the store itself, not the answer cache), 503 when the store does not
/// answer within `timeout` or fails. Both name the replica. `/healthChecker` stays the API's plain "OK".
struct ReadinessCheck: Sendable {
    let products: any ProductStore
    let replicaID: String
    var timeout: Duration = .seconds(2)

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/healthChecker/ready") { _, _ in
            let (status, body) = await check()
            return Responses.json(body, status: status)
        }
    }

    /// The readiness answer: its status and JSON body.
    func check() async -> (status: HTTPResponse.Status, body: String) {
        let started = ContinuousClock.now
        var json = JSONText()
        json.raw("{")
        do {
            try await within(timeout) { _ = try await products.page(number: 1, perPage: 1, search: nil) }
            let elapsed = ContinuousClock.now - started
            json.field("status", "ready")
            json.field("replica", replicaID)
            json.field("store", "ok")
            json.field("store_us", Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000))
            json.raw("}")
            return (.ok, json.text)
        } catch {
            json.field("code", 503)
            json.field("message", error is ReadinessTimeout ? "the store did not answer in \(timeout)" : "the store failed: \(error)")
            json.field("status", "unavailable")
            json.field("replica", replicaID)
            json.raw("}")
            return (.serviceUnavailable, json.text)
        }
    }

    /// Runs `work`, or throws `ReadinessTimeout` once `limit` has passed (the work is cancelled).
    private func within(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw ReadinessTimeout()
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

/// The store did not answer the readiness check in time.
struct ReadinessTimeout: Error {}

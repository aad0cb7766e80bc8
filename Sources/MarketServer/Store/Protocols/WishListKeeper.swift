import Foundation

/// Wish lists kept by the market for clients that have no disk of their own to keep them on — the
/// browsers `openmarket ssh` runs for its visitors, on any front behind a balancer (docs/API.md,
/// "Wish lists"). Each list is a JSON document under an owner: an opaque, unguessable name the client
/// derives (a front: from its host key and the visitor's key), which is all that names and guards it.
/// Implemented on SQLite, PostgreSQL and in memory.
protocol WishListKeeper: Sendable {
    /// The list kept under `owner` (its JSON text), or nil when none is.
    func wishList(owner: String) async throws -> String?
    /// Keeps `json` as `owner`'s list, replacing any before it.
    func keep(_ json: String, owner: String, at date: Date) async throws
}

import Foundation

/// Wish lists kept by the market for clients that have no disk of their own to keep them on — the
/// browsers `openmarket ssh` runs for its visitors, on any front behind a balancer (docs/API.md,
/// "Wish lists"). Each list is a JSON document under an owner: an opaque, unguessable name the client
/// derives (a front: from its host key and the visitor's key), which is all that names and guards it.
/// The market keeps at most `WishListQuota.maxBytes` of them in all, and forgets a list nobody has written
/// for `WishListQuota.lifetime`. Implemented on SQLite, PostgreSQL and in memory.
protocol WishListKeeper: Sendable {
    /// The list kept under `owner` (its JSON text), or nil when none is.
    func wishList(owner: String) async throws -> String?
    /// Keeps `json` as `owner`'s list, replacing any before it, unless the lists of every other owner and this
    /// one would then take more than `mostBytes`: then nothing changes and it returns false.
    func keep(_ json: String, owner: String, at date: Date, mostBytes: Int) async throws -> Bool
    /// Forgets every list last written before `date`; returns how many.
    func removeUntouched(before date: Date) async throws -> Int
}

/// How much the market keeps of wish lists, in all and for how long.
public struct WishListQuota: Sendable, Equatable {
    /// Bytes of every list's document together.
    public var maxBytes: Int
    /// How long a list nobody writes is kept.
    public var lifetime: TimeInterval

    /// 256 MB in all (a thousand full lists, or some hundred thousand ordinary ones), kept 180 days unwritten.
    public init(maxBytes: Int = 256 << 20, lifetime: TimeInterval = 180 * 86_400) {
        self.maxBytes = maxBytes
        self.lifetime = lifetime
    }
}

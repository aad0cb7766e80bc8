/// How a server learns that another server sharing its store wrote, so that its answer cache never serves
/// what another replica changed. Stores written by one server only (SQLite, memory) need none
/// (`LocalChangeFeed`); PostgreSQL's replicas use `LISTEN`/`NOTIFY` (`PostgresChangeFeed`).
protocol ChangeFeed: Sendable {
    /// Whether other servers write the same store: then the cache stays off until `follow` says it is
    /// following, and goes off again whenever it stops.
    var isShared: Bool { get }

    /// Tells the other servers that this one wrote, and what (after the write committed).
    func announce(_ change: ProductChange) async

    /// Follows the other servers' writes until cancelled: `changed` with what each changed, `following(true)` once
    /// writes will be heard, `following(false)` when they may be missed (the feed was lost; it reconnects).
    func follow(changed: @escaping @Sendable (ProductChange) -> Void, following: @escaping @Sendable (Bool) -> Void) async

    /// Tells the other servers how many follow this one's change stream now (0: it is stopping).
    func announceHere(_ count: Int) async

    /// Tells the other servers how many of this one's followers look at each of these products (0: none now).
    func announceLooking(_ counts: [Int: Int]) async

    /// Follows what the other servers say of who is here until cancelled: `heard` with each server's tag and news.
    func followHere(_ heard: @escaping @Sendable (_ tag: String, _ news: HereNews) -> Void) async
}

/// What another server said of who is here.
enum HereNews: Sendable, Equatable {
    /// How many follow its change stream (0: it is stopping).
    case here(Int)
    /// How many of its followers look at each of these products (0: none any more).
    case looking([Int: Int])
}

/// The feed of a store only this server writes: nothing to announce, nothing to hear.
struct LocalChangeFeed: ChangeFeed {
    var isShared: Bool { false }
    func announce(_ change: ProductChange) async {}
    func follow(changed: @escaping @Sendable (ProductChange) -> Void, following: @escaping @Sendable (Bool) -> Void) async {}
    func announceHere(_ count: Int) async {}
    func announceLooking(_ counts: [Int: Int]) async {}
    func followHere(_ heard: @escaping @Sendable (_ tag: String, _ news: HereNews) -> Void) async {}
}

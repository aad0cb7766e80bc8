import Foundation
import Logging
import PostgresNIO

/// Writes heard across replicas through PostgreSQL's `LISTEN`/`NOTIFY`: a replica that wrote sends
/// `NOTIFY openmarket_changes` with its own tag and what it changed (`ProductChange.words`); every other
/// replica, listening on a connection of its own, empties the answers that change made wrong. While that connection is down, the replica's cache is
/// off (so it can never serve what it did not hear about) and the feed reconnects every second.
struct PostgresChangeFeed: ChangeFeed {
    /// The notification channel: one per schema, so markets sharing a database (tests do) hear only their own.
    var channel: String { "openmarket_changes" + (location.schema.map { "_" + $0 } ?? "") }
    /// The channel of the counts of those here (apart from the changes': a server of an older version, which
    /// reads every payload on that channel as a change, never hears them).
    var hereChannel: String { "openmarket_here" + (location.schema.map { "_" + $0 } ?? "") }

    let pool: PostgresPool
    let location: PostgresLocation
    let logger: Logger
    /// This process's tag, so that it ignores its own notifications (it emptied its answers already).
    let tag = UUID().uuidString
    var retryDelay: Duration = .seconds(1)

    var isShared: Bool { true }

    func announce(_ change: ProductChange) async {
        do {
            try await notify(channel, tag + " " + change.words)
        } catch {
            // The other replicas lost nothing they can trust: their caches are off while the database is away.
            logger.warning("could not tell the other replicas about a write: \(error)")
        }
    }

    private func notify(_ channel: String, _ payload: String) async throws {
        try await pool.statement(logger: logger) { connection in
            try await connection.query("SELECT pg_notify(\(channel), \(payload))", logger: logger)
        }
    }

    /// Listens on `channel` on a connection of its own until cancelled, connecting again `retryDelay` after a
    /// loss (logged as `lost`): `listening(true)` once notifications will be heard, `listening(false)` when they
    /// may be missed; `received` with each payload from another server (its tag is not this one's).
    private func listen(
        on channel: String, lost: String, listening: @Sendable (Bool) -> Void, received: @Sendable (Substring, String) -> Void
    ) async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresStores.connect(location, logger: logger)
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: channel) { notifications in
                    listening(true)
                    for try await notification in notifications {
                        let payload = notification.payload
                        let from = payload.firstIndex(of: " ").map { payload[..<$0] } ?? payload[...]
                        if from != tag { received(from, payload) }
                    }
                }
            } catch {
                if !Task.isCancelled { logger.notice("\(lost): \(error)") }
            }
            listening(false)
            try? await Task.sleep(for: retryDelay)
        }
    }

    func announceHere(_ count: Int) async {
        await notifyHere(tag + " " + String(count))
    }

    /// In notifications of at most `lookingPerNotification` products (a payload stays far below PostgreSQL's 8,000
    /// bytes).
    func announceLooking(_ counts: [Int: Int]) async {
        let pairs = counts.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: pairs.count, by: Self.lookingPerNotification) {
            let part = pairs[start..<min(pairs.count, start + Self.lookingPerNotification)]
            await notifyHere(tag + " look " + part.map { "\($0.key):\($0.value)" }.joined(separator: ","))
        }
    }

    static let lookingPerNotification = 300

    private func notifyHere(_ payload: String) async {
        do {
            try await notify(hereChannel, payload)
        } catch {
            // The others forget this replica's counts when they hear nothing from it for a while.
            logger.debug("could not tell the other replicas who is here: \(error)")
        }
    }

    /// The sender's tag and news in a payload of the counts' channel (`TAG N`, `TAG look P:N,P:N…`); nil for
    /// anything else.
    static func readHere(_ payload: String) -> (tag: Substring, news: HereNews)? {
        guard let space = payload.firstIndex(of: " ") else { return nil }
        let tag = payload[..<space]
        let rest = payload[payload.index(after: space)...]
        func count(_ text: Substring) -> Int? {
            guard let count = Int(text), (0...100_000_000).contains(count) else { return nil }
            return count
        }
        if let here = count(rest) { return (tag, .here(here)) }
        guard rest.hasPrefix("look "), case let pairs = rest.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false),
            pairs.count <= lookingPerNotification
        else { return nil }
        var counts: [Int: Int] = [:]
        for pair in pairs {
            let parts = pair.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let product = Int(parts[0]), product > 0, let looking = count(parts[1]) else { return nil }
            counts[product] = looking
        }
        return (tag, .looking(counts))
    }

    func followHere(_ heard: @escaping @Sendable (_ tag: String, _ news: HereNews) -> Void) async {
        await listen(on: hereChannel, lost: "not hearing who is on the other replicas", listening: { _ in }) { _, payload in
            if let (from, news) = Self.readHere(payload) { heard(String(from), news) }
        }
    }

    /// The sender's tag and the change in a notification's payload (`everything` for a payload of another
    /// version's shape).
    static func read(_ payload: String) -> (tag: Substring, change: ProductChange) {
        guard let space = payload.firstIndex(of: " ") else { return (payload[...], .everything) }
        return (payload[..<space], ProductChange(words: payload[payload.index(after: space)...]))
    }

    func follow(changed: @escaping @Sendable (ProductChange) -> Void, following: @escaping @Sendable (Bool) -> Void) async {
        await listen(on: channel, lost: "not hearing other replicas' writes (answer cache off)", listening: following) { _, payload in
            changed(Self.read(payload).change)
        }
    }
}

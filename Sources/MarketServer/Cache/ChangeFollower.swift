import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Runs beside the HTTP server: follows the other replicas' writes, empties the answers each changed, and
/// brings the search index up to date with them. The index reads each change from the store, one at a time in
/// the order heard, and then empties the answers again: a search answered between the notice and the read
/// was ranked by the old index. When the feed is followed again after a gap, the index is built anew (writes
/// in the gap were not heard). Every `catchUpInterval` the index also reads the products newer than its newest:
/// a replica killed between its commit and its notice told nobody of its last insert.
struct ChangeFollower: Service {
    let feed: any ChangeFeed
    let cache: CachedProductStore
    let search: ProductSearch
    let logger: Logger
    var catchUpInterval: Duration = .seconds(5)

    func run() async throws {
        let (cache, search, logger, interval) = (self.cache, self.search, self.logger, self.catchUpInterval)
        let (changes, heard) = AsyncStream<ProductChange?>.makeStream()
        // Rebuilds run on their own, one at a time (a request while one runs makes one more after it): the
        // changes heard meanwhile go on reaching the index in place, and are read again once the new one is in.
        let (rebuilds, rebuild) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in rebuilds {
                    do {
                        try await search.rebuild()
                        cache.changedElsewhere(.everything)
                    } catch {
                        logger.warning("the search index could not be built again: \(error)")
                    }
                }
            }
            group.addTask {
                for await change in changes {
                    do {
                        switch change {
                        case nil:
                            if try await search.catchUp() { cache.changedElsewhere(.inserted(id: nil)) }
                        case .everything?:
                            rebuild.yield()
                        case let change?:
                            try await search.apply(change)
                            cache.changedElsewhere(change)
                        }
                    } catch {
                        logger.warning("the search index could not read a change (\(change?.words ?? "catch-up")): \(error)")
                        if change != nil { rebuild.yield() }
                    }
                }
            }
            group.addTask {
                while (try? await Task.sleep(for: interval)) != nil { heard.yield(nil) }
            }
            // Streams follow the other replicas' writes too; a gap in following may have missed some, which a
            // `reset` tells them (not at the first start: nothing was missed before it).
            let stream = cache.stream
            let lost = NIOLockedValueBox(false)
            await cancelWhenGracefulShutdown {
                await feed.follow(
                    changed: { change in
                        cache.changedElsewhere(change)
                        stream.heard(change)
                        heard.yield(change)
                    },
                    following: { following in
                        cache.setFollowing(following)
                        if following { heard.yield(.everything) }
                        let missed = lost.withLockedValue { lost in
                            defer { lost = !following }
                            return following && lost
                        }
                        if missed { stream.heard(.everything) }
                    })
            }
            heard.finish()
            rebuild.finish()
            group.cancelAll()
        }
    }
}

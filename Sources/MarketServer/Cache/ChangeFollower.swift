import Logging
import ServiceLifecycle

/// Runs beside the HTTP server: follows the other replicas' writes, empties the answers each changed, and
/// brings the search index up to date with them. The index reads each change from the store, one at a time in
/// the order heard, and then empties the answers again: a search answered between the notice and the read
/// was ranked by the old index. When the feed is followed again after a gap, the index is built anew (writes
/// in the gap were not heard).
struct ChangeFollower: Service {
    let feed: any ChangeFeed
    let cache: CachedProductStore
    let search: ProductSearch
    let logger: Logger

    func run() async throws {
        let (cache, search, logger) = (self.cache, self.search, self.logger)
        let (changes, heard) = AsyncStream<ProductChange>.makeStream()
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await change in changes {
                    do {
                        try await search.apply(change)
                    } catch {
                        logger.warning("the search index could not read a change (\(change.words)): \(error)")
                        heard.yield(.everything)
                        continue
                    }
                    cache.changedElsewhere(change)
                }
            }
            await cancelWhenGracefulShutdown {
                await feed.follow(
                    changed: { change in
                        cache.changedElsewhere(change)
                        heard.yield(change)
                    },
                    following: { following in
                        cache.setFollowing(following)
                        if following { heard.yield(.everything) }
                    })
            }
            heard.finish()
        }
    }
}

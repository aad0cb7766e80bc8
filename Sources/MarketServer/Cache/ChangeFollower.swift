import Logging
import ServiceLifecycle

/// Runs beside the HTTP server: follows the other replicas' writes and empties the answers each changed.
struct ChangeFollower: Service {
    let feed: any ChangeFeed
    let cache: CachedProductStore

    func run() async throws {
        let cache = self.cache
        await cancelWhenGracefulShutdown {
            await feed.follow(changed: { cache.changedElsewhere($0) }, following: { cache.setFollowing($0) })
        }
    }
}

import Foundation
import Logging
import ServiceLifecycle

/// Forgets wish lists nobody has written for the quota's lifetime: at start, then every six hours, until the
/// server stops. A list a visitor keeps using is written whenever it changes, so only abandoned lists go.
struct WishListExpiry: Service {
    let keeper: any WishListKeeper
    let lifetime: TimeInterval
    let now: @Sendable () -> Date
    let logger: Logger
    var interval: Duration = .seconds(6 * 3600)

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let removed = try await keeper.removeUntouched(before: now().addingTimeInterval(-lifetime))
                if removed > 0 { logger.notice("forgot \(removed) wish list(s) nobody wrote for \(Int(lifetime / 86_400)) days") }
            } catch {
                logger.error("could not forget old wish lists: \(error)")
            }
            // The server's stop ends the wait at once (a service that sleeps on would hold the stop for hours).
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}

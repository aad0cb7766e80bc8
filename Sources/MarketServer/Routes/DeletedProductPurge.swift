import Foundation
import Logging
import ServiceLifecycle

/// Forgets deleted products for good once they can no longer be brought back (ten minutes), and removes their
/// pictures: at start, then every minute, until the server stops. Replicas on one database each purge; a product
/// is taken by exactly one of them (the store's purge is one transaction), which removes its pictures.
struct DeletedProductPurge: Service {
    let products: any ProductStore
    let pictures: any PictureStore
    let now: @Sendable () -> Date
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            await purge()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// One round: the products deleted more than the lifetime ago, and their pictures.
    func purge() async {
        do {
            let purged = try await products.purgeDeleted(before: now().addingTimeInterval(-DeletedProducts.lifetime))
            if purged.isEmpty { return }
            await pictures.remove(purged.flatMap { $0.images.map(\.saved) })
            logger.info("forgot \(purged.count) deleted product(s) and their pictures")
        } catch {
            logger.error("could not forget deleted products: \(error)")
        }
    }
}

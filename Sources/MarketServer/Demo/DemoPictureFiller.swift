import Logging
import ServiceLifecycle

/// Makes every missing demo picture file in the background, the newest products first (the ones a
/// browser shows first), one at a time at utility priority, so that requests keep the rest of the
/// machine. Pictures asked for meanwhile are made on request, ahead of it.
struct DemoPictureFiller: Service {
    let maker: DemoPictureMaker
    let records: any PictureMetadataStore
    let logger: Logger

    func run() async throws {
        await fill()
        // A service that returns ends its group (the server with it): stay until the server stops.
        try? await gracefulShutdown()
    }

    private func fill() async {
        let started = ContinuousClock.now
        var made = 0
        let all: [SavedPicture]
        do {
            all = try await records.allNewestFirst()
        } catch {
            logger.error("could not list the pictures to make: \(error)")
            return
        }
        for saved in all {
            guard !Task.isCancelled, !Task.isShuttingDownGracefully else { return }
            guard let name = maker.name(of: saved.originPath), await !maker.pictures.exists(saved) else { continue }
            do {
                try await maker.make(name, saved: saved, priority: .utility)
                made += 1
            } catch {
                logger.error("could not make demo picture \(saved.originPath): \(error)")
            }
        }
        if made > 0 { logger.notice("made \(made) demo pictures in \(ContinuousClock.now - started)") }
    }
}

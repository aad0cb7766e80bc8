import Dispatch
import Foundation
import ImageCodec
import MarketDemo
import NIOConcurrencyHelpers

/// Makes the files of the demo catalog's pictures from their names: the shop photo (or, without the
/// font, a drawn placeholder), encoded as the catalog says, and its thumbnail by the server's usual
/// path; both written as every picture is (a temporary file, then a rename).
///
/// Two requests for the same missing picture share one making; the work runs on dispatch's threads,
/// never on the Swift concurrency pool the request handlers need.
final class DemoPictureMaker: Sendable {
    let catalog: DemoCatalog
    let items: [DemoCatalog.Item]
    let drawings: DemoDrawings
    let pictures: any PictureStore
    let thumbnails: ThumbnailMaker
    private let inFlight = NIOLockedValueBox<[String: Task<Void, any Error>]>([:])

    init(catalog: DemoCatalog, drawings: DemoDrawings, pictures: any PictureStore, thumbnails: ThumbnailMaker = ThumbnailMaker()) {
        self.catalog = catalog
        self.items = catalog.items()
        self.drawings = drawings
        self.pictures = pictures
        self.thumbnails = thumbnails
    }

    /// The demo picture `path` names, if it is one of this catalog's.
    func name(of path: String) -> DemoPictureName? {
        guard let name = DemoPictureName(path: path, seed: catalog.seed), items.indices.contains(name.product),
            name.picture < items[name.product].pictureCount
        else { return nil }
        return name
    }

    /// Makes the files of `saved` (the stored paths of picture `name`) unless they are there.
    func make(_ name: DemoPictureName, saved: SavedPicture, priority: DispatchQoS.QoSClass = .userInitiated) async throws {
        let key = saved.originPath
        let task: Task<Void, any Error> = inFlight.withLockedValue { running in
            if let existing = running[key] { return existing }
            let task = Task<Void, any Error> { [self] in
                defer { _ = inFlight.withLockedValue { $0.removeValue(forKey: key) } }
                guard await !pictures.exists(saved) else { return }
                let bytes = try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<(original: [UInt8], thumbnail: [UInt8]), any Error>) in
                    DispatchQueue.global(qos: priority).async { [self] in
                        continuation.resume(with: Result { try draw(name, saved: saved) })
                    }
                }
                try await pictures.write(original: bytes.original, thumbnail: bytes.thumbnail, to: saved)
            }
            running[key] = task
            return task
        }
        try await task.value
    }

    /// Draws, encodes and thumbnails picture `name` (CPU work, off the event loops).
    private func draw(_ name: DemoPictureName, saved: SavedPicture) throws -> (original: [UInt8], thumbnail: [UInt8]) {
        let png = saved.originPath.hasSuffix(".png")
        let image = picture(name)
        let bytes = png ? try ImageEncoder().png(image) : try ImageEncoder().jpeg(image, quality: 85)
        return (bytes, try thumbnails.thumbnail(of: bytes))
    }

    /// The pixels of picture `name`: a shop photo when the drawings are there, else a placeholder.
    func picture(_ name: DemoPictureName) -> PixelImage {
        let item = items[name.product]
        // The drawing is cached after its first decode; without the font it is nil at no cost after the first try.
        if drawings.drawing(of: DemoObject.all[item.object].scalar) != nil {
            return DemoPhotoComposer().compose(shot(of: item, picture: name.picture)) { drawings.drawing(of: $0) }
        }
        return DemoPicturePainter().paint(
            initials: item.initials, index: name.picture, of: item.pictureCount,
            seed: catalog.seed &+ UInt64(name.product * 16 + name.picture))
    }

    /// How picture `picture` of `item` is set up. The first is the object alone on the product's own
    /// backdrop; then another backdrop, a close-up, a pair or a set, and the object among others of its shelf.
    func shot(of item: DemoCatalog.Item, picture: Int) -> DemoPhotoComposer.Shot {
        let objects = DemoObject.all
        let main = objects[item.object].scalar
        let hue = picture == 1 ? (item.hue + 0.38).truncatingRemainder(dividingBy: 1) : item.hue
        let wood = picture == 4
        var shot = DemoPhotoComposer.Shot(
            wallTop: DemoPhotoComposer.hsl(hue, 0.42, 0.90), wallBottom: DemoPhotoComposer.hsl(hue, 0.40, 0.80),
            tableNear: wood ? DemoPhotoComposer.hsl(0.08, 0.38, 0.50) : DemoPhotoComposer.hsl(hue, 0.30, 0.70),
            tableFar: wood ? DemoPhotoComposer.hsl(0.08, 0.36, 0.62) : DemoPhotoComposer.hsl(hue, 0.32, 0.78),
            horizon: 300, placements: [])
        switch picture {
        case 0:
            shot.placements = [.init(scalar: main, centreX: 320, baseline: 440, height: 360)]
        case 1:
            shot.horizon = 330
            shot.placements = [.init(scalar: main, centreX: 360, baseline: 420, height: 270)]
        case 2:
            // A close-up: the object fills the frame, its foot just out of the picture.
            shot.horizon = 380
            shot.placements = [.init(scalar: main, centreX: 320, baseline: 540, height: 520)]
        case 3:
            shot.placements =
                item.pictureCount % 2 == 0
                ? [
                    .init(scalar: main, centreX: 215, baseline: 400, height: 250),
                    .init(scalar: main, centreX: 435, baseline: 420, height: 250),
                ]
                : [
                    .init(scalar: main, centreX: 160, baseline: 390, height: 190),
                    .init(scalar: main, centreX: 480, baseline: 390, height: 190),
                    .init(scalar: main, centreX: 320, baseline: 430, height: 230),
                ]
        default:
            let others = item.companions.map { objects[$0].scalar }
            shot.placements = [.init(scalar: main, centreX: 300, baseline: 420, height: 260)]
            for (n, other) in others.prefix(2).enumerated() {
                shot.placements.append(
                    .init(scalar: other, centreX: n == 0 ? 105 : 530, baseline: n == 0 ? 380 : 395, height: n == 0 ? 150 : 125))
            }
        }
        return shot
    }
}

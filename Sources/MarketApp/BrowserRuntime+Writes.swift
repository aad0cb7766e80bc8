import Localization
import Foundation
import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import TerminalUI

extension BrowserRuntime.Loop {
    /// The market written as the vendor: a registration, an edit, a delete; a cancelled one says so.
    mutating func performWrite(_ effect: BrowserEffect) {
        let client = runtime.client
        let queue = self.queue
        let language = runtime.configuration.language
        let key = EffectKey(effect)
        switch effect {
        case .registerProduct(let product, let pictures):
            let identity = runtime.configuration.identity
            tasks.start(key) {
                let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    try await client.register(product, pictures: pictures, identity: try Self.require(identity)) {
                        sent, total in queue.send(.browser(.presented(.form(.register, .uploadProgressed(sent: sent, total: total)))))
                    }
                }) ?? .failure(BrowserFailure(language.text(Activity.uploading.cancelledPhrase)))
                queue.send(.browser(.presented(.form(.register, .submitted(result)))))
            }
        case .updateProduct(let id, let changes):
            let identity = runtime.configuration.identity
            tasks.start(key) {
                let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    try await client.update(id: id, changes: changes, identity: try Self.require(identity))
                }) ?? .failure(BrowserFailure(language.text(Activity.saving.cancelledPhrase)))
                queue.send(.browser(.presented(.form(.edit(productID: id), .submitted(result)))))
            }
        case .deleteProduct(let id):
            let identity = runtime.configuration.identity
            tasks.start(key) {
                let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                    let identity = try Self.require(identity)
                    return try await client.delete(id: id, identity: identity)
                }) ?? .failure(BrowserFailure(language.text(Activity.deleting.cancelledPhrase)))
                queue.send(.browser(.productDeleted(id: id, result)))
            }
        case .bulkWrite(let job):
            let identity = runtime.configuration.identity
            tasks.start(key) {
                await Self.write(job, client: client, identity: identity, language: language) { id, result in
                    queue.send(.browser(.bulkWritten(job: job.id, productID: id, result)))
                }
            }
        default:
            break
        }
    }

    /// A bulk change's writes, `width` at a time (the market's own pace: one connection each), each answer
    /// told as it comes; a cancelled write answers as cancelled.
    static func write(
        _ job: BulkJob, client: OpenMarketClient, identity: VendorIdentity?, language: Language, width: Int = 4,
        answer: @escaping @Sendable (Int, Result<ProductDetail, BrowserFailure>) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func start() {
                let write = job.writes[next]
                next += 1
                group.addTask {
                    // An undo changes a product back only while the market has it as the change left it.
                    if case .revert(let id, _, let expecting) = write {
                        let now = await Self.attempt(in: language, { () async throws(OpenMarketError) in try await client.product(id: id) })
                        if case .success(let product)? = now, !expecting.holds(for: product.summary) {
                            answer(id, .failure(BrowserFailure(language.text(.bulk(.changedSince)))))
                            return
                        }
                    }
                    let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        let identity = try Self.require(identity)
                        switch write {
                        case .update(let id, let changes), .revert(let id, let changes, _):
                            return try await client.update(id: id, changes: changes, identity: identity)
                        case .delete(let id): return try await client.delete(id: id, identity: identity)
                        case .restore(let id): return try await client.restore(id: id, identity: identity)
                        }
                    }) ?? .failure(BrowserFailure(language.text(Activity.saving.cancelledPhrase)))
                    answer(write.productID, result)
                }
            }
            while next < min(width, job.writes.count) { start() }
            while await group.next() != nil {
                if next < job.writes.count { start() }
            }
        }
    }

    /// The form's own work: a picture file read and shrunk (inside an SSH visitor's folder), a path completed, an edited product's pictures.
    mutating func performFormWork(_ effect: BrowserEffect) {
        let client = runtime.client
        let queue = self.queue
        let language = runtime.configuration.language
        let key = EffectKey(effect)
        switch effect {
        case .preparePicture(let path, let preview, let palette):
            let folder = runtime.configuration.pictureFolder
            tasks.startDetached(key) {
                let result: Result<ProductFormState.Picture, BrowserFailure>
                do throws(UploadPictureError) {
                    // An SSH visitor's names are inside their upload folder; anything else reads as absent.
                    var file = path
                    if let folder {
                        guard let inside = folder.file(path) else {
                            queue.send(.browser(.presented(.form(.register, .pictureLoaded(
                                path: path, .failure(BrowserFailure(language.text(.notInPictureFolder(path)))))))))
                            return
                        }
                        file = inside
                    }
                    let upload = try UploadShrinker().prepare(fileAt: file)
                    let cells = try? ThumbnailRenderer(palette: palette).render(upload.bytes, columns: preview.columns, rows: preview.rows)
                    result = .success(ProductFormState.Picture(path: path, upload: upload, preview: cells))
                } catch {
                    result = .failure(BrowserFailure(error.description(in: language)))
                }
                queue.send(.browser(.presented(.form(.register, .pictureLoaded(path: path, result)))))
            }
        case .completePath(let prefix):
            let folder = runtime.configuration.pictureFolder
            tasks.startDetached(key) {
                let candidates = folder?.candidates(for: prefix) ?? PathCompleter.candidates(for: prefix)
                queue.send(.browser(.presented(.form(.register, .pathCompleted(prefix: prefix, candidates)))))
            }
        case .loadFormImages(let id):
            tasks.start(key) {
                guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in try await client.product(id: id) })
                else { return }
                queue.send(.browser(.presented(.form(.edit(productID: id), .imagesLoaded(result)))))
            }
        default:
            break
        }
    }
}

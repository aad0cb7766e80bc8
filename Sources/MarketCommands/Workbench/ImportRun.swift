import Foundation
import ImagePipeline
import Localization
import OpenMarketAPI

/// Applies an import plan to the market, a row at a time, in the file's order: each row is one request of the
/// API, so each is either done or not. A row the market refuses is said and the next is tried; when the market
/// stops answering (or fails) the run stops and says which lines are done and which are not — importing the
/// same file again finishes the rest, since what is done is then found unchanged.
public struct ImportRun: Sendable {
    public var client: OpenMarketClient
    public var identity: VendorIdentity
    /// How often a registration the market is too busy for (503, 429) is tried again, `Retry-After` apart.
    public var busyRetries = 8

    public init(client: OpenMarketClient, identity: VendorIdentity) {
        self.client = client
        self.identity = identity
    }

    /// What applying did.
    public struct Result: Sendable, Equatable {
        public var registered: [Int] = []
        public var changed: [Int] = []
        public var unchanged: [Int] = []
        /// Rows the market (or a picture) refused, each with its line.
        public var failures: [ProductFileProblem] = []
        /// The lines not tried because the market stopped answering, and why it stopped; empty when it did not.
        public var notDone: [Int] = []
        public var stoppedBecause: String?

        /// The lines done (registered, changed, or already as the file says), in order.
        public var doneLines: [Int] { (registered + changed + unchanged).sorted() }

        /// The exit status: 0, 69 when the market stopped answering, else the first failure's.
        public var status: Int32 { stoppedBecause != nil ? CommandFailure.unavailable : failures.first?.status ?? 0 }
    }

    /// Applies `plan`, calling `progress` with the rows done so far after each.
    public func apply(_ plan: ImportPlan, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async -> Result {
        var result = Result()
        for (index, step) in plan.steps.enumerated() {
            defer { progress(index + 1, plan.steps.count) }
            do throws(OpenMarketError) {
                switch step {
                case .keep(let line, _, _):
                    result.unchanged.append(line)
                case .change(let line, let before, let changes, _):
                    _ = try await client.update(id: before.id, changes: changes, identity: identity)
                    result.changed.append(line)
                case .register(let line, let product, let sources):
                    guard let pictures = await prepared(sources, line: line, into: &result) else { continue }
                    _ = try await registering(product, pictures: pictures)
                    result.registered.append(line)
                }
            } catch {
                if let status = error.status, (400..<500).contains(status) {
                    result.failures.append(ProductFileProblem(line: step.line, .words(error.userMessage(in: .english)), status: CommandFailure(error, market: client.baseURL).status))
                    continue
                }
                result.stoppedBecause = CommandFailure(error, market: client.baseURL).description
                result.notDone = plan.steps[index...].map(\.line)
                return result
            }
        }
        return result
    }

    /// Registers `product`, waiting as the market says while it is too busy making thumbnails (503) or
    /// counting writes (429).
    func registering(_ product: NewProduct, pictures: [UploadPicture]) async throws(OpenMarketError) -> ProductDetail {
        var tries = 0
        while true {
            do throws(OpenMarketError) {
                return try await client.register(product, pictures: pictures, identity: identity)
            } catch {
                guard [503, 429].contains(error.status), tries < busyRetries else { throw error }
                tries += 1
                // The market says `Retry-After: 2` for a full thumbnail queue.
                try? await Task.sleep(for: .seconds(2))
            }
        }
    }

    /// The pictures of a registration, read and shrunk as the form does (a file) or fetched first (an
    /// address); nil, with the failure in `result`, when one cannot be had.
    func prepared(_ sources: [ImportPlan.PictureSource], line: Int, into result: inout Result) async -> [UploadPicture]? {
        var pictures: [UploadPicture] = []
        for source in sources {
            switch source {
            case .file(let path):
                do throws(CommandFailure) {
                    pictures += try UploadPicture.prepared([path])
                } catch {
                    result.failures.append(ProductFileProblem(line: line, column: ProductColumn.pictures.rawValue, .words(error.description), status: error.status))
                    return nil
                }
            case .address(let url):
                do {
                    let bytes = try await client.data(from: url, maxBytes: UploadShrinker().maxFileBytes)
                    let ready = try UploadShrinker().prepare(bytes)
                    let name = url.lastPathComponent.isEmpty ? "picture" : url.lastPathComponent
                    pictures.append(UploadPicture(filename: name, bytes: ready.bytes, mimeType: ready.format.mimeType))
                } catch {
                    result.failures.append(ProductFileProblem(line: line, column: ProductColumn.pictures.rawValue, .words("\(url.absoluteString): \((error as? OpenMarketError)?.userMessage(in: .english) ?? "\(error)")")))
                    return nil
                }
            }
        }
        return pictures
    }
}

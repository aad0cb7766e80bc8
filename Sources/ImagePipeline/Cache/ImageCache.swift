/// An NSCache-style in-memory cache of rendered pictures: a total-cost limit (bytes) and a count
/// limit with least-recently-used eviction, a memory-pressure call that empties it, and shared loads.
///
/// Concurrent requests for one key share one load (download and decode). Each request can be
/// cancelled on its own — a cell that scrolled away stops waiting — and the load itself is cancelled
/// only when no request waits for it any more.
public actor ImageCache {
    /// Loads (downloads and renders) the picture for a key.
    public typealias Loader = @Sendable (ImageCacheKey) async throws -> CellImage

    private struct Flight {
        var id: Int
        var task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<CellImage, any Error>]
    }

    private var entries: LRUCache<ImageCacheKey, CellImage>
    private var flights: [ImageCacheKey: Flight] = [:]
    private var nextWaiter = 0
    private let loader: Loader
    /// How many loads have started (for tests and figures).
    public private(set) var loadsStarted = 0

    /// - Parameters:
    ///   - totalCostLimit: the most bytes of rendered cells to keep.
    ///   - countLimit: the most pictures to keep.
    public init(totalCostLimit: Int = 24 << 20, countLimit: Int = 2_000, loader: @escaping Loader) {
        entries = LRUCache(countLimit: countLimit, costLimit: totalCostLimit)
        self.loader = loader
    }

    /// The picture if it is cached (marking it recently used); never starts a load.
    public func cached(_ key: ImageCacheKey) -> CellImage? {
        entries.value(for: key)
    }

    /// The picture for `key`: from memory, from a load already under way, or from a new load.
    /// Throws `CancellationError` when the calling task is cancelled, whatever the load does.
    public func image(for key: ImageCacheKey) async throws -> CellImage {
        if let hit = entries.value(for: key) { return hit }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait(for: key, id: id, continuation: continuation)
            }
        } onCancel: {
            Task { await self.cancelWaiter(key, id: id) }
        }
    }

    private func wait(for key: ImageCacheKey, id: Int, continuation: CheckedContinuation<CellImage, any Error>) {
        if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        if flights[key] != nil {
            flights[key]?.waiters[id] = continuation
            return
        }
        loadsStarted += 1
        let loader = self.loader
        let flightID = id
        let task = Task {
            let result: Result<CellImage, any Error>
            do {
                result = .success(try await loader(key))
            } catch {
                result = .failure(error)
            }
            self.finish(key, flight: flightID, result)
        }
        flights[key] = Flight(id: flightID, task: task, waiters: [id: continuation])
    }

    private func cancelWaiter(_ key: ImageCacheKey, id: Int) {
        guard let continuation = flights[key]?.waiters.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
        if flights[key]?.waiters.isEmpty == true {
            flights[key]?.task.cancel()
            flights[key] = nil
        }
    }

    private func finish(_ key: ImageCacheKey, flight flightID: Int, _ result: Result<CellImage, any Error>) {
        // A flight abandoned by all its waiters was already removed (and maybe replaced by a new one).
        guard let flight = flights[key], flight.id == flightID else { return }
        flights[key] = nil
        if case .success(let image) = result {
            entries.insert(image, for: key, cost: image.cost)
        }
        for continuation in flight.waiters.values {
            continuation.resume(with: result)
        }
    }

    /// Empties the cache (memory pressure). Loads under way go on and are cached when they finish.
    public func removeAll() {
        entries.removeAll()
    }

    /// Pictures held.
    public var count: Int { entries.count }
    /// Bytes held.
    public var totalCost: Int { entries.totalCost }
    /// Loads under way.
    public var loadsInFlight: Int { flights.count }
    /// Keys, most recently used first.
    public var keysByRecency: [ImageCacheKey] { entries.keysByRecency }
}

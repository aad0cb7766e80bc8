import Foundation
import ImageCodec
import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import TerminalUI

extension BrowserRuntime {
    /// The loop's own state: tasks under way and the pictures at hand. Lives on the loop's task only.
    struct Loop {
        let runtime: BrowserRuntime
        let queue = EventQueue<Event>()
        var images: [ImageCacheKey: CellImage] = [:]
        var reportedFirstPictures = false
        /// Every task the loop starts, by what it does: replaced by a newer one of the same key, cancelled
        /// when the state no longer wants it, and all cancelled and waited for at exit.
        let tasks = TaskKeeper<EffectKey>()
        var canvas = Canvas(width: 0, height: 0)
        var reportedFirstProducts = false
        /// The palette of the last frame, for form previews.
        var palette: PaletteKind = .xterm256
        /// Pictures in the terminal's own graphics (kitty, sixel, iTerm2), when it has them and they were asked for.
        var graphics: GraphicsPictures?
        /// Loads of pictures for graphics, cancelled when no frame wants them any more.
        let graphicTasks = TaskKeeper<GraphicsPictures.Source>()
        /// Pictures that could not be loaded for graphics, and when: their placeholder stays, and they are
        /// asked for again once `graphicsRetry` has passed (a server's hiccup must not leave them out for good).
        var failedGraphics: [GraphicsPictures.Source: ContinuousClock.Instant] = [:]
        let graphicsRetry = Duration.seconds(3)
        /// Graphics loads started whose result the loop has not taken yet. A load that has just ended has
        /// sent its result but it may not be handled before the next frame asks: without this, that frame
        /// would start the same load again.
        var pendingGraphics: Set<GraphicsPictures.Source> = []

        init(runtime: BrowserRuntime) {
            self.runtime = runtime
            let configuration = runtime.configuration
            if configuration.pictures.isGraphics, let cell = configuration.cellPixels {
                graphics = GraphicsPictures(
                    cell: cell, mode: configuration.pictures, colors: configuration.sixelColors,
                    throughTmux: configuration.picturesThroughTmux)
            }
        }

        mutating func run(_ state: inout BrowserState) async {
            let queue = self.queue
            let terminal = runtime.terminal
            tasks.start(.input) {
                for await input in terminal.inputs {
                    switch input {
                    case .key(let key): queue.send(.browser(.keyPressed(key)))
                    case .mouse(let mouse): queue.send(.browser(.mouse(mouse)))
                    case .resize(let columns, let rows): queue.send(.browser(.resized(ScreenSize(columns: columns, rows: rows))))
                    }
                }
                queue.send(.terminalClosed)
            }
            let interval = runtime.configuration.pollInterval
            let clock = runtime.clock
            tasks.start(.pollTimer) {
                while !Task.isCancelled {
                    try? await clock.sleep(for: interval)
                    if Task.isCancelled { break }
                    queue.send(.browser(.pollTimerFired))
                }
            }
            queue.send(.browser(.started))
            var arrivals = queue.arrivals.makeAsyncIterator()
            var running = true
            while running {
                guard await arrivals.next() != nil else { break }
                let batch = queue.takeAll()
                if batch.isEmpty { continue }
                for event in batch {
                    switch event {
                    case .browser(let browserEvent):
                        for effect in state.handle(browserEvent) {
                            if !perform(effect) { running = false }
                        }
                    case .imageLoaded(let key, let image):
                        images[key] = image
                    case .imageFailed:
                        break
                    case .graphicLoaded(let source, let image):
                        pendingGraphics.remove(source)
                        failedGraphics[source] = nil
                        graphics?.loaded(source, image)
                    case .graphicFailed(let source):
                        pendingGraphics.remove(source)
                        failedGraphics[source] = .now
                    case .terminalClosed:
                        running = false
                    }
                }
                guard running else { break }
                let wanted = draw(state)
                updateTasks(state, wanted: wanted.cells)
                updateGraphicTasks(wanted: wanted.graphics)
            }
            // Quitting (or a closed terminal) cancels whatever is under way, writes included: Ctrl-C during
            // an upload means stop. A second at most, then the terminal is restored regardless.
            await graphicTasks.cancelAll(waitingAtMost: .milliseconds(200))
            await tasks.cancelAll(waitingAtMost: .seconds(1))
            queue.finish()
            if let report = runtime.configuration.onPictureMemory {
                let cells = await runtime.cache.totalCost
                let held = images.values.reduce(0) { $0 + $1.cost }
                let kept = graphics?.memory
                report(
                    "pictures kept in memory: half-block cells \(cells / 1024) KB in the image cache (\(held / 1024) KB on screen)"
                        + (kept.map { "; \(graphics?.mode.label ?? "") scaled \($0.scaled / 1024) KB, encoded \($0.encoded / 1024) KB, uploads \($0.uploads / 1024) KB" } ?? ""))
            }
        }

        /// Renders the state, paints the pictures at hand (half blocks into the cells, or graphics over
        /// them), hands the frame to the terminal. Returns the pictures the frame wants, most urgent first.
        mutating func draw(_ state: BrowserState) -> (cells: [ImageCacheKey], graphics: [GraphicsPictures.Source]) {
            let screen = BrowserScreen(state: state, ascii: runtime.configuration.ascii)
            palette = screen.palette
            let report = screen.render(into: &canvas)
            var wanted: (cells: [ImageCacheKey], graphics: [GraphicsPictures.Source]) = ([], [])
            var allAtHand: Bool
            if state.pictureMode == .off {
                // No pictures: the placeholders stay, and nothing is downloaded for them.
                runtime.terminal.present(canvas)
                allAtHand = false
            } else if var pictures = graphics, state.pictureMode == pictures.mode, palette != .monochrome {
                let (placed, sources) = pictures.place(report, into: &canvas)
                graphics = pictures
                runtime.terminal.present(canvas, graphics: placed)
                let now = ContinuousClock.now
                wanted.graphics = sources.filter { source in failedGraphics[source].map { now - $0 >= graphicsRetry } ?? true }
                allAtHand = wanted.graphics.allSatisfy(pictures.has)
            } else {
                let painter = HalfBlockPainter(images: images, palette: palette)
                painter.paint(report, into: &canvas)
                runtime.terminal.present(canvas)
                wanted.cells = painter.keys(for: report)
                allAtHand = wanted.cells.allSatisfy { images[$0] != nil }
            }
            if !reportedFirstProducts, !state.catalog.products.isEmpty {
                reportedFirstProducts = true
                runtime.configuration.onFirstProducts?()
            }
            allAtHand = allAtHand && !(wanted.cells.isEmpty && wanted.graphics.isEmpty)
            if reportedFirstProducts, !reportedFirstPictures, allAtHand {
                reportedFirstPictures = true
                runtime.configuration.onFirstPictures?()
            }
            return wanted
        }

        /// Cancels graphics loads no frame wants, and starts those it wants (off the loop: decoding and
        /// scaling take a few milliseconds each).
        mutating func updateGraphicTasks(wanted: [GraphicsPictures.Source]) {
            guard let pictures = graphics else { return }
            let wantedSet = Set(wanted)
            pendingGraphics.subtract(graphicTasks.keep { wantedSet.contains($0) })
            let client = runtime.client
            let queue = self.queue
            let cell = pictures.cell
            for source in wanted where !pictures.has(source) && !pendingGraphics.contains(source) {
                pendingGraphics.insert(source)
                graphicTasks.startDetached(source) {
                    do {
                        let bytes = try await client.data(from: source.url)
                        try Task.checkCancellation()
                        queue.send(.graphicLoaded(source, try GraphicsPictures.load(bytes, for: source, cell: cell)))
                    } catch {
                        // A cancelled load is not a failure: the picture may be wanted again.
                        if !Task.isCancelled { queue.send(.graphicFailed(source)) }
                    }
                }
            }
        }

        /// Cancels the tasks the state no longer wants, starts loads for the pictures the frame wants, and
        /// keeps the spinner ticking while anything is under way.
        mutating func updateTasks(_ state: BrowserState, wanted: [ImageCacheKey]) {
            let wantedPictures = Set(wanted)
            tasks.keep { $0.isWanted(in: state, pictures: wantedPictures) }
            for key in wanted where images[key] == nil && !tasks.isRunning(.picture(key)) {
                let cache = runtime.cache
                let queue = self.queue
                tasks.start(.picture(key)) {
                    do {
                        queue.send(.imageLoaded(key, try await cache.image(for: key)))
                    } catch {
                        queue.send(.imageFailed(key))
                    }
                }
            }
            if images.count > 800 {
                images = images.filter { wantedPictures.contains($0.key) }
            }
            if EffectKey.spinner.isWanted(in: state, pictures: wantedPictures), !tasks.isRunning(.spinner) {
                let queue = self.queue
                let clock = runtime.clock
                tasks.start(.spinner) {
                    while !Task.isCancelled {
                        try? await clock.sleep(for: .milliseconds(100))
                        if Task.isCancelled { break }
                        queue.send(.browser(.spinnerTicked))
                    }
                }
            }
        }

        /// Starts an effect; false when the effect is to quit.
        mutating func perform(_ effect: BrowserEffect) -> Bool {
            let client = runtime.client
            let queue = self.queue
            switch effect {
            case .quit:
                return false
            case .loadPage(let id, let page, let perPage, let search):
                tasks.start(.page) {
                    guard let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.page(number: page, itemsPerPage: perPage, search: search)
                    }) else { return }
                    queue.send(.browser(.pageLoaded(requestID: id, result)))
                }
            case .pollFirstPage(let perPage, let search):
                tasks.start(.poll) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.page(number: 1, itemsPerPage: perPage, search: search)
                    }) ?? .failure(BrowserFailure("cancelled"))
                    queue.send(.browser(.pollLoaded(search: search, result)))
                }
            case .loadDetail(let id):
                tasks.start(.detail(id: id)) {
                    guard let result = await Self.attempt({ () async throws(OpenMarketError) in try await client.product(id: id) })
                    else { return }
                    queue.send(.browser(.detailLoaded(id: id, result)))
                }
            case .registerProduct(let product, let pictures):
                let identity = runtime.configuration.identity
                tasks.start(.register) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.register(product, pictures: pictures, identity: try Self.require(identity)) {
                            sent, total in queue.send(.browser(.uploadProgressed(sent: sent, total: total)))
                        }
                    }) ?? .failure(BrowserFailure("The upload was cancelled."))
                    queue.send(.browser(.productRegistered(result)))
                }
            case .preparePicture(let path, let columns, let rows):
                let palette = self.palette
                tasks.startDetached(.preparePicture(path: path)) {
                    let result: Result<ProductFormState.Picture, BrowserFailure>
                    do throws(UploadPictureError) {
                        let upload = try UploadShrinker().prepare(fileAt: path)
                        let preview = try? ThumbnailRenderer(palette: palette).render(upload.bytes, columns: columns, rows: rows)
                        result = .success(ProductFormState.Picture(path: path, upload: upload, preview: preview))
                    } catch {
                        result = .failure(BrowserFailure(error.description))
                    }
                    queue.send(.browser(.pictureLoaded(path: path, result)))
                }
            case .completePath(let prefix):
                tasks.startDetached(.completePath) {
                    queue.send(.browser(.pathCompleted(prefix: prefix, PathCompleter.candidates(for: prefix))))
                }
            case .loadFormImages(let id):
                tasks.start(.formImages(id: id)) {
                    guard let result = await Self.attempt({ () async throws(OpenMarketError) in try await client.product(id: id) })
                    else { return }
                    queue.send(.browser(.formImagesLoaded(id: id, result)))
                }
            case .updateProduct(let id, let changes):
                let identity = runtime.configuration.identity
                tasks.start(.update(id: id)) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.update(id: id, changes: changes, identity: try Self.require(identity))
                    }) ?? .failure(BrowserFailure("Saving was cancelled."))
                    queue.send(.browser(.productUpdated(id: id, result)))
                }
            case .deleteProduct(let id):
                let identity = runtime.configuration.identity
                tasks.start(.delete(id: id)) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        let identity = try Self.require(identity)
                        return try await client.delete(path: try await client.deletePath(id: id, identity: identity), identity: identity)
                    }) ?? .failure(BrowserFailure("Deleting was cancelled."))
                    queue.send(.browser(.productDeleted(id: id, result)))
                }
            case .scheduleSearch(let generation, let delay):
                let clock = runtime.clock
                tasks.start(.searchDebounce) {
                    do {
                        try await clock.sleep(for: delay)
                        queue.send(.browser(.searchDebounceElapsed(generation: generation)))
                    } catch {}
                }
            }
            return true
        }

        /// Runs a request and turns its outcome into what the view model takes; nil when it was cancelled.
        static func attempt<T: Sendable>(_ request: () async throws(OpenMarketError) -> T) async -> Result<T, BrowserFailure>? {
            do throws(OpenMarketError) {
                return .success(try await request())
            } catch {
                return error.isCancelled ? nil : .failure(BrowserFailure(error))
            }
        }

        static func require(_ identity: VendorIdentity?) throws(OpenMarketError) -> VendorIdentity {
            guard let identity else { throw OpenMarketError.invalidRequest("no vendor identity") }
            return identity
        }
    }
}

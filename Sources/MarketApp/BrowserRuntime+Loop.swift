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
        /// Pictures in the terminal's own graphics (kitty, sixel, iTerm2), when it has them and they were asked for.
        var graphics: GraphicsPictures?
        /// Loads of pictures for graphics, cancelled when no frame wants them any more.
        let graphicTasks = TaskKeeper<GraphicsPictures.Source>()
        /// Half-block pictures being loaded or waiting to be asked for again, and the same for graphics: one
        /// machine each, one retry policy (`PictureLoads`).
        var cellLoads = PictureLoads<ImageCacheKey>()
        var graphicLoads = PictureLoads<GraphicsPictures.Source>()
        /// The time on the runtime's clock since the loop started: what the loads' retries are timed by.
        let elapsed: @Sendable () -> Duration
        /// When the wake for the next picture retry is due, once one is scheduled.
        var wakeAt: Duration?

        init(runtime: BrowserRuntime) {
            self.runtime = runtime
            elapsed = Self.stopwatch(runtime.clock)
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
                        cellLoads.loaded(key)
                    case .imageFailed(let key):
                        scheduleWake(cellLoads.failed(key, now: elapsed()))
                    case .graphicLoaded(let source, let image):
                        graphicLoads.loaded(source)
                        graphics?.loaded(source, image)
                    case .graphicFailed(let source):
                        scheduleWake(graphicLoads.failed(source, now: elapsed()))
                    case .picturesDue:
                        break
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
            let screen = BrowserScreen(state: state)
            let palette = screen.palette
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
                wanted.graphics = sources
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
            graphicTasks.keep { wantedSet.contains($0) }
            let client = runtime.client
            let queue = self.queue
            let cell = pictures.cell
            let actions = graphicLoads.want(wanted, have: pictures.has, now: elapsed())
            for action in actions {
                // A cancelled load was cancelled by `keep` above, from the same wanted pictures.
                guard case .start(let source) = action else { continue }
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
            scheduleWake(actions)
        }

        /// Cancels the tasks the state no longer wants, starts loads for the pictures the frame wants, and
        /// keeps the spinner ticking while anything is under way.
        mutating func updateTasks(_ state: BrowserState, wanted: [ImageCacheKey]) {
            let wantedPictures = Set(wanted)
            tasks.keep { $0.isWanted(in: state, pictures: wantedPictures) }
            let atHand = images
            let actions = cellLoads.want(wanted, have: { atHand[$0] != nil }, now: elapsed())
            for action in actions {
                // A cancelled load was cancelled by `keep` above, from the same wanted pictures.
                guard case .start(let key) = action else { continue }
                let cache = runtime.cache
                let queue = self.queue
                tasks.start(.picture(key)) {
                    do {
                        queue.send(.imageLoaded(key, try await cache.image(for: key)))
                    } catch {
                        if !Task.isCancelled { queue.send(.imageFailed(key)) }
                    }
                }
            }
            scheduleWake(actions)
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

        /// Carries out the wakes among `actions`: one timer for the earliest, which draws a frame when it
        /// fires (the frame asks for the pictures then due, and schedules the next wake).
        mutating func scheduleWake(_ actions: [PictureLoads<some Hashable & Sendable>.Action]) {
            let now = elapsed()
            for case .wake(let after) in actions {
                let due = now + after
                if let scheduled = wakeAt, scheduled > now, scheduled <= due { continue }
                wakeAt = due
                let queue = self.queue
                let clock = runtime.clock
                tasks.start(.pictureWake) {
                    do {
                        try await clock.sleep(for: after)
                        queue.send(.picturesDue)
                    } catch {}
                }
            }
        }

        /// The time elapsed on `clock` since this call.
        static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
            let start = clock.now
            return { start.duration(to: clock.now) }
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
                    queue.send(.browser(.presented(.detail(id: id, .loaded(result)))))
                }
            case .registerProduct(let product, let pictures):
                let identity = runtime.configuration.identity
                tasks.start(.register) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.register(product, pictures: pictures, identity: try Self.require(identity)) {
                            sent, total in queue.send(.browser(.presented(.form(.register, .uploadProgressed(sent: sent, total: total)))))
                        }
                    }) ?? .failure(BrowserFailure("The upload was cancelled."))
                    queue.send(.browser(.presented(.form(.register, .submitted(result)))))
                }
            case .preparePicture(let path, let preview, let palette):
                tasks.startDetached(.preparePicture(path: path)) {
                    let result: Result<ProductFormState.Picture, BrowserFailure>
                    do throws(UploadPictureError) {
                        let upload = try UploadShrinker().prepare(fileAt: path)
                        let cells = try? ThumbnailRenderer(palette: palette).render(upload.bytes, columns: preview.columns, rows: preview.rows)
                        result = .success(ProductFormState.Picture(path: path, upload: upload, preview: cells))
                    } catch {
                        result = .failure(BrowserFailure(error.description))
                    }
                    queue.send(.browser(.presented(.form(.register, .pictureLoaded(path: path, result)))))
                }
            case .completePath(let prefix):
                tasks.startDetached(.completePath) {
                    let candidates = PathCompleter.candidates(for: prefix)
                    queue.send(.browser(.presented(.form(.register, .pathCompleted(prefix: prefix, candidates)))))
                }
            case .loadFormImages(let id):
                tasks.start(.formImages(id: id)) {
                    guard let result = await Self.attempt({ () async throws(OpenMarketError) in try await client.product(id: id) })
                    else { return }
                    queue.send(.browser(.presented(.form(.edit(productID: id), .imagesLoaded(result)))))
                }
            case .updateProduct(let id, let changes):
                let identity = runtime.configuration.identity
                tasks.start(.update(id: id)) {
                    let result = await Self.attempt({ () async throws(OpenMarketError) in
                        try await client.update(id: id, changes: changes, identity: try Self.require(identity))
                    }) ?? .failure(BrowserFailure("Saving was cancelled."))
                    queue.send(.browser(.presented(.form(.edit(productID: id), .submitted(result)))))
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

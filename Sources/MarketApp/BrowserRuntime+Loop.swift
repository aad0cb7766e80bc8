import Localization
import Foundation
import ImageCodec
import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import TerminalUI

extension BrowserRuntime {
    /// The loop's own state: tasks under way and the pictures, each kind with its loads. Lives on the
    /// loop's task only.
    struct Loop {
        let runtime: BrowserRuntime
        let queue = EventQueue<Event>()
        var reportedFirstPictures = false
        /// Every task the loop starts, by what it does: replaced by a newer one of the same key, cancelled
        /// when the state no longer wants it, and all cancelled and waited for at exit.
        let tasks = TaskKeeper<EffectKey>()
        var canvas = Canvas(width: 0, height: 0)
        var reportedFirstProducts = false
        /// Pictures in half blocks, in the cells (through the image cache).
        var cells: Pictures<CellPictures>
        /// Pictures in the terminal's own graphics (kitty, sixel, iTerm2), when it has them and they were asked for.
        var graphics: Pictures<GraphicsPictures>?
        /// The time on the runtime's clock since the loop started: what the loads' retries are timed by.
        let elapsed: @Sendable () -> Duration
        /// When the wake for the next picture retry is due, once one is scheduled.
        var wakeAt: Duration?
        /// Where the wish list is kept.
        let wishes: any WishListStore

        init(runtime: BrowserRuntime, wishes: any WishListStore) {
            self.runtime = runtime
            self.wishes = wishes
            elapsed = Self.stopwatch(runtime.clock)
            let configuration = runtime.configuration
            let cache = runtime.cache
            cells = Pictures(CellPictures()) { key in try await cache.image(for: key) }
            if configuration.pictures.isGraphics, let cell = configuration.cellPixels {
                let client = runtime.client
                graphics = Pictures(
                    GraphicsPictures(
                        cell: cell, mode: configuration.pictures, colors: configuration.sixelColors,
                        throughTmux: configuration.picturesThroughTmux)
                ) { source in
                    // Decoding and scaling take a few milliseconds each: off the loop, as every load.
                    let bytes = try await client.data(from: source.url)
                    try Task.checkCancellation()
                    return try GraphicsPictures.load(bytes, for: source, cell: cell)
                }
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
            // The kept wish list is read beside the first page, not before it (the market may keep it).
            let wishes = self.wishes
            tasks.start(.wishLoad) {
                queue.send(.browser(.wishListLoaded(await wishes.load())))
                queue.send(.browser(.wishPlaceFound(await wishes.currentPlace())))
            }
            var arrivals = queue.arrivals.makeAsyncIterator()
            var running = true
            while running {
                guard await arrivals.next() != nil else { break }
                let batch = queue.takeAll()
                if batch.isEmpty { continue }
                let keys = batch.filter { if case .browser(.keyPressed) = $0 { true } else { false } }.count
                for event in batch {
                    switch event {
                    case .browser(let browserEvent):
                        for effect in state.handle(browserEvent) {
                            if !perform(effect) { running = false }
                        }
                    case .imageLoaded(let key, let image):
                        cells.loaded(key, image)
                    case .imageFailed(let key):
                        scheduleWake(cells.failed(key, now: elapsed()))
                    case .graphicLoaded(let source, let image):
                        graphics?.loaded(source, image)
                    case .graphicFailed(let source):
                        let now = elapsed()
                        scheduleWake(graphics?.failed(source, now: now) ?? [])
                    case .picturesDue:
                        break
                    case .terminalClosed:
                        running = false
                    }
                }
                guard running else { break }
                let wanted = draw(state)
                tasks.keep { $0.isWanted(in: state) }
                let started = updateLoads(wanted)
                startSpinnerIfWanted(state)
                runtime.configuration.watch?.turnEnded(keys: keys, started: started)
            }
            // Quitting (or a closed terminal) cancels whatever is under way, writes included: Ctrl-C during
            // an upload means stop. A second at most, then the terminal is restored regardless.
            // All at once: the picture loads' 200 ms run inside the effects' second, not after it.
            let (cellTasks, graphicTasks) = (cells.tasks, graphics?.tasks)
            async let cellsStopped = cellTasks.cancelAll(waitingAtMost: .milliseconds(200))
            async let graphicsStopped = graphicTasks?.cancelAll(waitingAtMost: .milliseconds(200))
            let left = await (tasks.cancelAll(waitingAtMost: .seconds(1)), cellsStopped, graphicsStopped)
            runtime.configuration.watch?.exited(tasksLeft: left.0 + left.1 + (left.2 ?? 0))
            queue.finish()
            if let report = runtime.configuration.onPictureMemory {
                let held = cells.surface.memory
                let cached = await runtime.cache.totalCost
                let kept = graphics?.surface.memory
                report(
                    "pictures kept in memory: half-block cells \(cached / 1024) KB in the image cache (\(held / 1024) KB on screen)"
                        + (kept.map { "; \(graphics?.surface.mode.label ?? "") scaled \($0.scaled / 1024) KB, encoded \($0.encoded / 1024) KB, uploads \($0.uploads / 1024) KB" } ?? ""))
            }
        }

        /// Renders the state, paints the pictures at hand (half blocks into the cells, or graphics over
        /// them), hands the frame to the terminal. Returns the pictures the frame wants, most urgent first.
        mutating func draw(_ state: BrowserState) -> Wanted {
            let screen = BrowserScreen(state: state)
            let palette = screen.palette
            let report = screen.render(into: &canvas)
            var wanted = Wanted()
            var allAtHand = false
            if state.pictureMode == .off {
                // No pictures: the placeholders stay, and nothing is downloaded for them.
                runtime.terminal.present(canvas)
            } else if var pictures = graphics, state.pictureMode == pictures.surface.mode, palette != .monochrome {
                (wanted.graphics, allAtHand) = Self.paint(&pictures, report, palette: palette, on: &canvas, runtime.terminal)
                graphics = pictures
            } else {
                (wanted.cells, allAtHand) = Self.paint(&cells, report, palette: palette, on: &canvas, runtime.terminal)
            }
            if !reportedFirstProducts, !state.catalog.products.isEmpty {
                reportedFirstProducts = true
                runtime.configuration.onFirstProducts?()
            }
            if reportedFirstProducts, !reportedFirstPictures, allAtHand {
                reportedFirstPictures = true
                runtime.configuration.onFirstPictures?()
            }
            return wanted
        }

        /// The pictures a frame wants, of the kind it draws (the other kind wants none).
        struct Wanted {
            var cells: [ImageCacheKey] = []
            var graphics: [GraphicsPictures.Source] = []
        }

        /// Paints a frame's pictures of one kind and presents the frame. Returns the pictures it wants, and
        /// whether it wants some and all are at hand.
        static func paint<Surface>(
            _ pictures: inout Pictures<Surface>, _ report: FrameReport, palette: PaletteKind, on canvas: inout Canvas,
            _ terminal: any TerminalBackend
        ) -> ([Surface.Source], Bool) {
            let (placed, wanted) = pictures.surface.paint(report, palette: palette, into: &canvas)
            terminal.present(canvas, graphics: placed)
            return (wanted, !wanted.isEmpty && wanted.allSatisfy(pictures.surface.has))
        }

        /// Cancels the picture loads no frame wants and starts those due, for both kinds (a kind the frame
        /// does not draw wants nothing: its loads stop), and schedules the wake for the next retry.
        /// Starts the loads the frame wants and schedules the next retry's wake; returns the pictures whose
        /// loads it started.
        mutating func updateLoads(_ wanted: Wanted) -> [URL] {
            let queue = self.queue
            let cellActions = cells.want(wanted.cells, now: elapsed()) { key, image in
                queue.send(image.map { .imageLoaded(key, $0) } ?? .imageFailed(key))
            }
            scheduleWake(cellActions)
            let now = elapsed()
            let actions = graphics?.want(wanted.graphics, now: now) { source, image in
                queue.send(image.map { .graphicLoaded(source, $0) } ?? .graphicFailed(source))
            }
            scheduleWake(actions ?? [])
            return cellActions.compactMap { if case .start(let key) = $0 { key.url } else { nil } }
                + (actions ?? []).compactMap { if case .start(let source) = $0 { source.url } else { nil } }
        }

        /// Keeps the spinner ticking while anything is under way.
        mutating func startSpinnerIfWanted(_ state: BrowserState) {
            guard EffectKey.spinner.isWanted(in: state), !tasks.isRunning(.spinner) else { return }
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
            let language = runtime.configuration.language
            switch effect {
            case .quit:
                return false
            case .loadPage(let id, let page, let perPage, let search, let listing):
                tasks.start(.page) {
                    guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        try await client.page(number: page, itemsPerPage: perPage, search: search, listing: listing)
                    }) else { return }
                    queue.send(.browser(.pageLoaded(requestID: id, result)))
                }
            case .pollFirstPage(let perPage, let search):
                tasks.start(.poll) {
                    let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        try await client.page(number: 1, itemsPerPage: perPage, search: search)
                    }) ?? .failure(BrowserFailure(language.text(.requestCancelled)))
                    queue.send(.browser(.pollLoaded(search: search, result)))
                }
            case .loadDetail(let id):
                tasks.start(.detail(id: id)) {
                    guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in try await client.product(id: id) })
                    else { return }
                    queue.send(.browser(.presented(.detail(id: id, .loaded(result)))))
                }
            case .registerProduct(let product, let pictures):
                let identity = runtime.configuration.identity
                tasks.start(.register) {
                    let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        try await client.register(product, pictures: pictures, identity: try Self.require(identity)) {
                            sent, total in queue.send(.browser(.presented(.form(.register, .uploadProgressed(sent: sent, total: total)))))
                        }
                    }) ?? .failure(BrowserFailure(language.text(Activity.uploading.cancelledPhrase)))
                    queue.send(.browser(.presented(.form(.register, .submitted(result)))))
                }
            case .preparePicture(let path, let preview, let palette):
                let folder = runtime.configuration.pictureFolder
                tasks.startDetached(.preparePicture(path: path)) {
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
                tasks.startDetached(.completePath) {
                    let candidates = folder?.candidates(for: prefix) ?? PathCompleter.candidates(for: prefix)
                    queue.send(.browser(.presented(.form(.register, .pathCompleted(prefix: prefix, candidates)))))
                }
            case .loadFormImages(let id):
                tasks.start(.formImages(id: id)) {
                    guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in try await client.product(id: id) })
                    else { return }
                    queue.send(.browser(.presented(.form(.edit(productID: id), .imagesLoaded(result)))))
                }
            case .updateProduct(let id, let changes):
                let identity = runtime.configuration.identity
                tasks.start(.update(id: id)) {
                    let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        try await client.update(id: id, changes: changes, identity: try Self.require(identity))
                    }) ?? .failure(BrowserFailure(language.text(Activity.saving.cancelledPhrase)))
                    queue.send(.browser(.presented(.form(.edit(productID: id), .submitted(result)))))
                }
            case .deleteProduct(let id):
                let identity = runtime.configuration.identity
                tasks.start(.delete(id: id)) {
                    let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        let identity = try Self.require(identity)
                        return try await client.delete(id: id, identity: identity)
                    }) ?? .failure(BrowserFailure(language.text(Activity.deleting.cancelledPhrase)))
                    queue.send(.browser(.productDeleted(id: id, result)))
                }
            case .copy(let text):
                runtime.terminal.copy(text)
            case .checkWishes(let ids):
                tasks.start(.wishCheck) {
                    queue.send(.browser(.wishesChecked(await Self.look(at: ids, client: client))))
                }
            case .schedulePaletteSearch(let generation, let delay):
                let clock = runtime.clock
                tasks.start(.paletteDebounce) {
                    do {
                        try await clock.sleep(for: delay)
                        queue.send(.browser(.paletteSearchDue(generation: generation)))
                    } catch {}
                }
            case .searchPalette(let query, let generation):
                tasks.start(.paletteSearch) {
                    guard let result = await Self.attempt(in: language, { () async throws(OpenMarketError) in
                        try await client.page(number: 1, itemsPerPage: 20, search: query)
                    }) else { return }
                    queue.send(.browser(.paletteSearched(query: query, generation: generation, result)))
                }
            case .saveWishList(let products, let generation):
                let store = wishes
                tasks.start(.wishSave(generation: generation)) {
                    await store.save(products, generation: generation)
                    queue.send(.browser(.wishPlaceFound(await store.currentPlace())))
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
        static func attempt<T: Sendable>(
            in language: Language, _ request: () async throws(OpenMarketError) -> T
        ) async -> Result<T, BrowserFailure>? {
            do throws(OpenMarketError) {
                return .success(try await request())
            } catch {
                return error.isCancelled ? nil : .failure(BrowserFailure(error, in: language))
            }
        }

        /// Each kept product's detail, one after another (a few at most): a 404 is a deleted product; any other
        /// failure is left out of the answer, so the product is looked at again later.
        static func look(at ids: [Int], client: OpenMarketClient) async -> [WishLook] {
            var looks: [WishLook] = []
            for id in ids {
                do throws(OpenMarketError) {
                    looks.append(WishLook(id: id, product: try await client.product(id: id).summary))
                } catch {
                    if error.status == 404 { looks.append(WishLook(id: id, product: nil)) }
                }
            }
            return looks
        }

        static func require(_ identity: VendorIdentity?) throws(OpenMarketError) -> VendorIdentity {
            guard let identity else { throw OpenMarketError.invalidRequest("no vendor identity") }
            return identity
        }
    }
}

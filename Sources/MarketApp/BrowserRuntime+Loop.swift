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
        /// The keyed timers' deadlines (`startTimer`): a newer one moves the waiting task's deadline.
        let timers = TimerDeadlines<EffectKey, BrowserEvent>()
        /// The frame on the screen and the one before it, which the next frame is drawn into (`draw`), in its own
        /// storage once the terminal has let go of it — the terminal keeps only the frame on the screen, to compare
        /// the next with.
        var frames = FrameBuffers()
        /// The list's items as the last frame laid them out: copied where nothing they show changed.
        let catalogMemo = CatalogMemo()
        var reportedFirstProducts = false
        /// Whether a frame has been drawn yet.
        var drewAFrame = false
        /// How the last frame's pictures were painted: a frame painted as it was, in its cells or with none, may be
        /// drawn over it (`BrowserScreen.render(retaining:)`).
        var lastPainting: Painting?
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

        /// Runs until the browser quits or the terminal closes: a turn for each batch of events (handled,
        /// a frame drawn, loads started), then everything under way stopped.
        mutating func run(_ state: inout BrowserState) async {
            startListening()
            var arrivals = queue.arrivals.makeAsyncIterator()
            while await arrivals.next() != nil {
                let batch = queue.takeAll()
                if batch.isEmpty { continue }
                guard turn(batch, &state) else { break }
            }
            await stop()
        }

        /// The tasks that feed the loop from the start: the terminal's input, the poll timer, the kept wish
        /// list; and the browser's start.
        mutating func startListening() {
            let queue = self.queue
            let terminal = runtime.terminal
            let receive: @Sendable (TerminalInput) -> Void = { input in
                switch input {
                case .key(let key): queue.send(.browser(.keyPressed(key)))
                case .mouse(let mouse): queue.send(.browser(.mouse(mouse)))
                case .resize(let columns, let rows): queue.send(.browser(.resized(ScreenSize(columns: columns, rows: rows))))
                case .colorScheme(let scheme): queue.send(.browser(.colorSchemeChanged(scheme)))
                }
            }
            // Straight into the queue where the terminal can, on its thread; else through its input stream. Either
            // way the stream is read to its end: what it held from before now comes first (this task runs on the
            // terminal's thread before it reads more), and its end says the terminal closed.
            _ = terminal.deliverInputs(to: receive)
            tasks.start(.input, on: terminal.executor) {
                for await input in terminal.inputs { receive(input) }
                queue.send(.terminalClosed)
            }
            startPollTimer()
            queue.send(.browser(.started))
            // The kept wish list is read beside the first page, not before it (the market may keep it).
            let wishes = self.wishes
            tasks.start(.wishLoad) {
                queue.send(.browser(.wishListLoaded(await wishes.load())))
                queue.send(.browser(.wishPlaceFound(await wishes.currentPlace())))
            }
        }

        /// The timer that asks for news every `pollInterval` while the market's stream is not followed.
        func startPollTimer() {
            let (queue, interval, clock) = (queue, runtime.configuration.pollInterval, runtime.clock)
            tasks.start(.pollTimer) {
                while !Task.isCancelled {
                    try? await clock.sleep(for: interval)
                    if Task.isCancelled { break }
                    queue.send(.browser(.pollTimerFired))
                }
            }
        }

        /// One turn: the batch handled, then (unless it quit) a frame drawn, the tasks no longer wanted
        /// cancelled, the loads the frame wants started, and the turn reported to the watch. False to quit.
        mutating func turn(_ batch: [Event], _ state: inout BrowserState) -> Bool {
            var running = true
            // Counted only for a watch (tests): the live loop does no work for it.
            let keys = runtime.configuration.watch == nil ? 0 : batch.filter { if case .browser(.keyPressed) = $0 { true } else { false } }.count
            let before = state
            // Whether the frame may differ from the last although the state does not: pictures came or are due.
            var picturesChanged = false
            for event in batch {
                switch event {
                case .browser(let browserEvent):
                    for effect in state.handle(browserEvent) { running = perform(effect) && running }
                case .imageLoaded(let key, let image):
                    cells.loaded(key, image)
                    picturesChanged = true
                case .imageFailed(let key):
                    scheduleWake(cells.failed(key, now: elapsed()))
                    picturesChanged = true
                case .graphicLoaded(let source, let image):
                    graphics?.loaded(source, image)
                    picturesChanged = true
                case .graphicFailed(let source):
                    let now = elapsed()
                    scheduleWake(graphics?.failed(source, now: now) ?? [])
                    picturesChanged = true
                case .picturesDue:
                    picturesChanged = true
                case .terminalClosed:
                    running = false
                }
            }
            guard running else { return false }
            // A turn that changed nothing the frame is drawn from (the market's change to a product not shown here,
            // a count that stayed the same) draws nothing: the last frame, and the loads it asked for, stand. The
            // screen is a function of the state and the pictures (`BrowserScreen` is pure).
            guard !drewAFrame || picturesChanged || state != before else {
                runtime.configuration.watch?.turnEnded(keys: keys, started: [])
                return true
            }
            // While the stream is followed its news come as they happen: the timer does not wake the browser
            // (every 10 s, a frame drawn for nothing); it starts again, a whole interval ahead, when the stream is lost.
            if state.live.isLive == tasks.isRunning(.pollTimer) {
                if state.live.isLive { tasks.cancel(.pollTimer) } else { startPollTimer() }
            }
            let wanted = draw(state, picturesChanged: picturesChanged)
            drewAFrame = true
            // Work for a layer that has closed (a detail, the palette, a form) is cancelled; the rest runs on.
            let presented = state.presentedIDs
            tasks.keep { $0.owner.map(presented.contains) ?? true }
            let started = updateLoads(wanted)
            startSpinnerIfWanted(state)
            runtime.configuration.watch?.turnEnded(keys: keys, started: started)
            return true
        }

        /// How long quitting waits for a save of the wish list under way before cancelling it.
        static let savesAtQuit = Duration.seconds(2)

        /// Quitting (or a closed terminal) cancels whatever is under way, writes included: Ctrl-C during an
        /// upload means stop — all but a save of the wish list, which has `savesAtQuit` to end first. A second at
        /// most for the rest, then the terminal is restored regardless. All at once: the
        /// picture loads' 200 ms run inside the effects' second, not after it.
        mutating func stop() async {
            // What the visitor was told is kept stays kept: a save of the wish list under way (an f, then q at
            // once; the market's PUT takes its time under a crowd) ends by itself before the rest is cancelled —
            // within a bound, for a market that does not answer (then it is cancelled, and the store logs it).
            await tasks.awaitEnd(of: { if case .wishSave = $0 { true } else { false } }, waitingAtMost: Self.savesAtQuit)
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
    }
}

import Localization
import Foundation
import ImageCodec
import ImagePipeline
import MarketFeatures
import OpenMarketAPI
import TerminalUI

extension BrowserRuntime.Loop {
    /// Renders the state, paints the pictures at hand (half blocks into the cells, or graphics over
    /// them), hands the frame to the terminal. Returns the pictures the frame wants, most urgent first.
    mutating func draw(_ state: BrowserState, picturesChanged: Bool) -> Wanted {
        let screen = BrowserScreen(state: state)
        let palette = screen.palette
        // Over the last frame, when its pictures were painted in the cells (or none) and none came or went since:
        // then the screen draws only what changed (an edit: one card, a key two). Into the canvas of the frame
        // before, brought up to date with what the last frame drew (`FrameBuffers`).
        let painting: Painting =
            state.pictureMode == .off
            ? .none
            : graphics.map { state.pictureMode == $0.surface.mode && palette != .monochrome } == true ? .graphics : .cells(palette)
        let retaining = drewAFrame && lastPainting == painting && painting != .graphics && !picturesChanged
        frames.next(over: retaining)
        let report = screen.render(into: &frames.current, memo: catalogMemo, retaining: retaining)
        var wanted = Wanted()
        var allAtHand = false
        switch painting {
        case .none:
            // No pictures: the placeholders stay, and nothing is downloaded for them.
            runtime.terminal.present(frames.current)
        case .graphics:
            guard var pictures = graphics else { break }
            (wanted.graphics, allAtHand) = Self.paint(
                &pictures, report, palette: palette, on: &frames.current, runtime.terminal, askingAtHand: !reportedFirstPictures)
            graphics = pictures
        case .cells:
            (wanted.cells, allAtHand) = Self.paint(
                &cells, report, palette: palette, on: &frames.current, runtime.terminal, askingAtHand: !reportedFirstPictures)
        }
        lastPainting = painting
        frames.drew(report.redrawn)
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

    /// How a frame's pictures were painted: none, in its cells in a palette, or as the terminal's graphics.
    enum Painting: Equatable {
        case none
        case cells(PaletteKind)
        case graphics
    }

    /// The pictures a frame wants, of the kind it draws (the other kind wants none).
    struct Wanted {
        var cells: [ImageCacheKey] = []
        var graphics: [GraphicsPictures.Source] = []
    }

    /// Paints a frame's pictures of one kind and presents the frame. Returns the pictures it wants, and — when
    /// `askingAtHand` (until the first pictures are reported: a look-up of each is a hash of its URL) — whether it
    /// wants some and all are at hand.
    static func paint<Surface>(
        _ pictures: inout Pictures<Surface>, _ report: FrameReport, palette: PaletteKind, on canvas: inout Canvas,
        _ terminal: any TerminalBackend, askingAtHand: Bool
    ) -> ([Surface.Source], Bool) {
        let (placed, wanted) = pictures.surface.paint(report, palette: palette, into: &canvas)
        terminal.present(canvas, graphics: placed)
        return (wanted, askingAtHand && !wanted.isEmpty && wanted.allSatisfy(pictures.surface.has))
    }

    /// Cancels the picture loads no frame wants and starts those due, for both kinds (a kind the frame
    /// does not draw wants nothing: its loads stop), and schedules the wake for the next retry. Returns the
    /// pictures whose loads it started.
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

    /// Keeps the spinner ticking while anything is under way, and stops it once nothing is.
    mutating func startSpinnerIfWanted(_ state: BrowserState) {
        // Not for the poll, which is silent: under `openmarket ssh` a thousand browsers each ticking while a slow
        // poll was in flight drew ten frames a second each and took the machine down.
        guard state.isBusy else { return tasks.cancel(.spinner) }
        guard !tasks.isRunning(.spinner) else { return }
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
}

import ImagePipeline
import TerminalUI

/// One kind of picture as the loop runs it: where the pictures are kept and drawn (`surface`), which loads
/// run and when failed ones are asked for again (`loads`), the load tasks, and how a picture is loaded.
/// Half blocks and graphics are each one of these, and go through the same code.
struct Pictures<Surface: PictureSurface> {
    var surface: Surface
    private var loads = PictureLoads<Surface.Source>()
    /// The loads under way, cancelled when no frame wants their picture any more.
    let tasks = TaskKeeper<Surface.Source>()
    /// Loads one picture (a request, a decode, a scale): off the loop.
    let load: @Sendable (Surface.Source) async throws -> Surface.Picture

    init(_ surface: Surface, load: @escaping @Sendable (Surface.Source) async throws -> Surface.Picture) {
        self.surface = surface
        self.load = load
    }

    /// Cancels the loads no frame wants and starts those due, each reporting through `done` (the picture,
    /// or nil when it failed; nothing when cancelled). Returns the wake to schedule, if any.
    mutating func want(
        _ wanted: [Surface.Source], now: Duration,
        done: @escaping @Sendable (Surface.Source, Surface.Picture?) -> Void
    ) -> [PictureLoads<Surface.Source>.Action] {
        // With no load under way there is nothing to cancel (most frames: every picture is at hand).
        if tasks.count > 0 {
            let wantedSet = Set(wanted)
            tasks.keep { wantedSet.contains($0) }
        }
        let surface = self.surface
        let actions = loads.want(wanted, have: surface.has, now: now)
        let load = self.load
        for action in actions {
            // A cancelled load was cancelled by `keep` above, from the same wanted pictures.
            guard case .start(let source) = action else { continue }
            tasks.startDetached(source) {
                do {
                    let picture = try await load(source)
                    try Task.checkCancellation()
                    done(source, picture)
                } catch {
                    // A cancelled load is not a failure: the picture may be wanted again.
                    if !Task.isCancelled { done(source, nil) }
                }
            }
        }
        return actions
    }

    /// A picture arrived.
    mutating func loaded(_ source: Surface.Source, _ picture: Surface.Picture) {
        loads.loaded(source)
        surface.loaded(source, picture)
    }

    /// A load failed: when to ask again.
    mutating func failed(_ source: Surface.Source, now: Duration) -> [PictureLoads<Surface.Source>.Action] {
        loads.failed(source, now: now)
    }
}

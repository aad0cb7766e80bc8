import Foundation
import NIOConcurrencyHelpers

/// The loop's turns as a test steps them: the keys it has handled and the picture loads it has started, each
/// recorded at the end of the turn that decided it (after the frame is drawn and the loads are started), and
/// how many of its tasks were still running when it returned. A test that waits for the turn of a key it sent
/// knows everything that turn decided: "nothing happened" is a count read after a turn, not a sleep. The live
/// runtime has none (`BrowserConfiguration.watch` is nil).
public final class LoopWatch: Sendable {
    private struct Record {
        var turns = 0
        var keys = 0
        var loads: [String: Int] = [:]
        var tasksLeftAtExit: Int?
    }

    private let record = NIOLockedValueBox(Record())

    public init() {}

    /// Turns ended (each: a batch of events handled, a frame drawn and loads started unless the state and the
    /// pictures are as the last frame had them).
    public var turns: Int { record.withLockedValue { $0.turns } }

    /// Keys handled, in turns that have ended.
    public var keysHandled: Int { record.withLockedValue { $0.keys } }

    /// Loads of the picture at `path` (its URL's path) started so far, in every way of drawing pictures.
    public func loadsStarted(_ path: String) -> Int { record.withLockedValue { $0.loads[path] ?? 0 } }

    /// The loop's tasks still running when it returned (nil: it has not returned).
    public var tasksLeftAtExit: Int? { record.withLockedValue { $0.tasksLeftAtExit } }

    /// A turn ended: `keys` handled in it, the loads of `started` begun.
    func turnEnded(keys: Int, started: [URL]) {
        record.withLockedValue { record in
            record.turns += 1
            record.keys += keys
            for url in started { record.loads[url.path, default: 0] += 1 }
        }
    }

    /// The loop returned with `count` of its tasks still running.
    func exited(tasksLeft count: Int) {
        record.withLockedValue { $0.tasksLeftAtExit = count }
    }
}

import Foundation
import Localization
import NIOConcurrencyHelpers

/// The progress of an import on standard error: on a terminal one line rewritten in place (at most ten times a
/// second), elsewhere a line a second — so a script's log shows it moving, and never a line per row.
final class ImportProgress: Sendable {
    private let language: Language
    private let terminal = isatty(2) == 1
    // A pthread mutex (ThreadSanitizer sees its acquires; Synchronization's Mutex it does not: docs/DECISIONS.md).
    private let state = NIOLockedValueBox<(last: ContinuousClock.Instant?, shown: Bool, done: Int, total: Int)>((nil, false, 0, 0))

    init(language: Language) {
        self.language = language
    }

    /// `done` of `total` rows are applied.
    func show(_ done: Int, of total: Int) {
        let now = ContinuousClock.now
        let line: String? = state.withLockedValue { state in
            state.done = done
            state.total = total
            let interval: Duration = terminal ? .milliseconds(100) : .seconds(1)
            if let last = state.last, now - last < interval, done < total { return nil }
            state.last = now
            state.shown = true
            return language.text(.productFile(.progress(done: done, total: total)))
        }
        guard let line else { return }
        let text = terminal ? "\r\u{1B}[K" + "openmarket: " + line : "openmarket: " + line + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Ends the rewritten line on a terminal.
    func finish() {
        if terminal, state.withLockedValue({ $0.shown }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

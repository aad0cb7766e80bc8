@preconcurrency import CNCursesw
import Foundation

/// ncurses keeps one current screen per process (`set_term`) and is not thread-safe. Code that drives a
/// curses screen of its own beside others in one process (the headless screen that measures frames, the
/// key-input fuzz target) takes this lock and makes its screen current for each use. The browser's
/// terminal is the only screen in its process and does not need it.
public enum CursesProcessLock {
    private static let lock = NSLock()

    /// Runs `body` holding the lock, with `screen` (when given) the current curses screen.
    public static func with<T>(_ screen: OpaquePointer?, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        if let screen { set_term(screen) }
        return try body()
    }
}

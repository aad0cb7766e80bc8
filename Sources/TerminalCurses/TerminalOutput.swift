import Foundation

/// Writing bytes straight to the terminal's descriptor, past curses (the in-band questions, pictures).
enum TerminalOutput {
    /// Writes all of `bytes` to `descriptor`, retrying after signals; false when the descriptor fails.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

import NIOCore
import NIOSSH

/// The last words of an SSH session, on its channel: the visitor's terminal restored, a line, the exit
/// status, the channel closed.
enum SessionFarewell {
    /// What a browser that was killed (over its budget, or crashed) could not undo itself: the main screen back,
    /// the cursor shown, colours and attributes reset, mouse reports and bracketed paste off, the keypad
    /// normal. Each is a no-op on a terminal already in that state.
    static let terminalRestore = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1l\u{1B}>"

    /// The last words of a session whose browser has exited: the visitor's terminal restored when the browser
    /// was killed by a signal, the goodbye line, if any, then the exit status.
    static func say(_ goodbye: String?, on channel: any Channel, status: Int32) {
        let restore = status > 128 ? terminalRestore : ""
        if goodbye != nil || !restore.isEmpty {
            let text = restore + (goodbye.map { "\r\n" + $0 + "\r\n" } ?? "")
            var line = channel.allocator.buffer(capacity: text.utf8.count)
            line.writeString(text)
            channel.writeAndFlush(line, promise: nil)
        }
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// Writes a message (its line ends as a terminal wants them), an exit status, and closes the channel.
    static func finish(_ channel: any Channel, text: String, status: Int) {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"))
        channel.writeAndFlush(buffer, promise: nil)  // the session handler wraps it as channel data
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}

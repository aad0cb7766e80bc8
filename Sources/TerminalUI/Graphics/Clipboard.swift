import Foundation

/// Setting the clipboard of the terminal's own machine through the terminal (OSC 52) — over SSH too, where
/// nothing else reaches the visitor's clipboard.
public enum Clipboard {
    /// The most text sent at once: terminals drop larger OSC 52 payloads (xterm's default limit is about
    /// 100 KB of base64, tmux's and some others' lower), and a link or a line is far smaller.
    public static let maximumBytes = 4096

    /// `ESC ] 52 ; c ; base64 ESC \` for `text`, or nil when it is empty or longer than `maximumBytes` in
    /// UTF-8. The payload is base64, so no byte of the text can end the sequence early.
    public static func sequence(for text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        return Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{1B}\\".utf8)
    }
}

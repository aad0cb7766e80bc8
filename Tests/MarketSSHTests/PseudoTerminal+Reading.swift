import Foundation

@testable import MarketSSH

extension PseudoTerminal {
    /// What the child writes until it closes its side (read from the master, blocking).
    func readToEnd() -> String {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(master, &buffer, buffer.count), count > 0 {
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return text
    }
}

import Foundation
import Mocks

/// A file of `/proc` read to its end. procfs gives its files no size, and Foundation's `String(contentsOfFile:)` and
/// `Data(contentsOf:)` then stop after one read — a page: they kept 4,078 of /proc/net/unix's 4,810 bytes here (67 of
/// 79 lines), so a socket that stood later in the table was not there to the test, and a process's environment
/// longer than a page loses its end the same way.
enum ProcFile {
    /// The file's bytes, every one.
    static func data(_ path: String) throws -> Data {
        guard let file = FileHandle(forReadingAtPath: path) else { throw SpawnError("cannot open \(path)") }
        defer { try? file.close() }
        return file.readDataToEndOfFile()
    }

    /// The file as text.
    static func text(_ path: String) throws -> String {
        String(decoding: try data(path), as: UTF8.self)
    }
}

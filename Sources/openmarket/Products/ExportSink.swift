import ArgumentParser
import Foundation
import MarketCommands

/// Where an export goes: standard output, or a file written beside its place and renamed when complete.
final class ExportSink {
    private let handle: FileHandle
    private let path: String?
    private let partial: String?

    init(path: String?) throws {
        self.path = path
        guard let path else {
            handle = .standardOutput
            partial = nil
            return
        }
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil), let handle = FileHandle(forWritingAtPath: partial) else {
            throw CommandFailure(lines: ["cannot write \(path)"], status: 73)
        }
        self.handle = handle
        self.partial = partial
    }

    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data(bytes))
        } catch {
            // A reader that has read enough (`| head`) closed the pipe: stop, as `cat` would, without a word.
            if path == nil, errno == EPIPE { throw ExitCode.success }
            throw CommandFailure(lines: ["cannot write \(path ?? "standard output"): \(error.localizedDescription)"], status: 74)
        }
    }

    func finish() throws {
        guard let path, let partial else { return }
        try? handle.close()
        // rename(2): the file is the old one or the whole new one, never half of it.
        guard rename(partial, path) == 0 else {
            throw CommandFailure(lines: ["cannot write \(path): \(String(cString: strerror(errno)))"], status: 73)
        }
    }

    func abandon() {
        guard let partial else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: partial)
    }
}

import Foundation
import Logging
import MarketWords

#if canImport(Glibc)
import Glibc
#endif

/// The folders of change sockets whose front was killed (SIGKILL, a crash: `ChangeSocket.stop` never ran to remove
/// them), swept when the next change socket opens. A folder is a leftover when it is this user's, named as a change
/// socket's, untouched for `age` (a front that is starting has made its folder and not yet listened), and holds
/// nothing but a socket nobody listens on (a connection is refused) — or nothing at all.
///
/// The look is a connection: it is what a browser would get, in whatever network or process namespace the front
/// runs. A live front accepts it and sees it close at once (a subscriber for that instant).
enum ChangeSocketLeftovers {
    /// The name every change socket's folder starts with.
    static let prefix = "openmarket-changes-"
    /// The socket's name in its folder.
    static let socketName = "changes"

    /// Removes the leftovers in the folder `base` (a path without a trailing slash); returns the folders removed.
    @discardableResult
    static func sweep(in base: String, age: TimeInterval = 60, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        return names.filter { $0.hasPrefix(prefix) }.sorted().compactMap { name in
            let folder = base + "/" + name
            return isLeftover(folder, age: age, now: now) && remove(folder) ? folder : nil
        }
    }

    /// Whether `folder` is a leftover (see the type).
    static func isLeftover(_ folder: String, age: TimeInterval, now: Date) -> Bool {
        var folderStatus = stat()
        guard lstat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR, folderStatus.st_uid == geteuid(),
            now.timeIntervalSince1970 - TimeInterval(folderStatus.st_mtim.tv_sec) >= age,
            let inside = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return false }
        if inside.isEmpty { return true }
        guard inside == [socketName] else { return false }
        let path = folder + "/" + socketName
        var socketStatus = stat()
        guard lstat(path, &socketStatus) == 0, socketStatus.st_mode & S_IFMT == S_IFSOCK else { return false }
        return !answers(path)
    }

    /// Whether something listens on the socket at `path` (a connection that is not refused; a full queue counts as
    /// listening).
    static func answers(_ path: String) -> Bool {
        guard let address = LocalSocketAddress(path: path) else { return true }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        let connected = address.withSocketAddress { connect(descriptor, $0, $1) }
        return connected == 0 || errno != ECONNREFUSED
    }

    private static func remove(_ folder: String) -> Bool {
        unlink(folder + "/" + socketName)
        return rmdir(folder) == 0
    }
}

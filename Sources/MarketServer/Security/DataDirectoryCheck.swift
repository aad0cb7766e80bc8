import Foundation

/// Whether the market's data directory is closed to other local users. It holds the database (delete tokens,
/// vendors' identifiers, every wish list), the key-vendor file with vendors' secrets, the SSH host key and the
/// pictures: the programs make it 0700 and every file in it 0600 (`openmarket` runs under umask 077), and a
/// start that finds it wider — made by an older version, or by hand — says so.
public enum DataDirectoryCheck {
    /// A path that lets others than its owner in, with its permission bits.
    public struct Opening: Equatable, Sendable {
        public var path: String
        public var mode: Int
    }

    /// `directory` itself and what is in it, three levels deep (a product's pictures are at the third; at most
    /// `limit` entries looked at), where group or others have any permission.
    public static func openings(in directory: URL, limit: Int = 2_000) -> [Opening] {
        var found: [Opening] = []
        var looked = 0
        func look(_ path: String, depth: Int) {
            guard looked < limit else { return }
            looked += 1
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let mode = Int(info.st_mode & 0o7777)
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if !isLink, mode & 0o077 != 0 { found.append(Opening(path: path, mode: mode)) }
            guard depth < 3, (info.st_mode & S_IFMT) == S_IFDIR,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return }
            for name in names.sorted() { look(path + "/" + name, depth: depth + 1) }
        }
        look(directory.path, depth: 0)
        return found
    }

    /// The warning for `openings`, one line; nil when there are none.
    public static func warning(_ openings: [Opening], directory: URL) -> String? {
        guard !openings.isEmpty else { return nil }
        let named = openings.prefix(3).map { "\($0.path) (\(String($0.mode, radix: 8)))" }.joined(separator: ", ")
        let more = openings.count > 3 ? " and \(openings.count - 3) more" : ""
        return "the data directory is open to other local users: \(named)\(more); they could read delete tokens, "
            + "vendors' secrets and wish lists. Close it with: chmod -R go= \(directory.path)"
    }
}

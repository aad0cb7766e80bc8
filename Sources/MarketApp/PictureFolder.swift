import Foundation

/// Where a browser may take picture files from when it is not the user's own: an SSH visitor's browser runs
/// on the server, as the front's user, so a path typed in the register form would otherwise read (and Tab
/// would list) any file of the host that user can reach. Under `openmarket ssh` every vendor has an upload
/// folder of their own in the data directory, and names typed in the picture field are inside it: a name is
/// taken relative to the folder, every link followed, and one that ends up outside — or nowhere — is
/// answered the same way, so nothing is told about what exists elsewhere.
public struct PictureFolder: Sendable, Equatable {
    /// The folder, with every link resolved; nil when it could not be (then no name is inside it).
    public let root: String?

    /// The folder at `path`.
    public init(root path: String) {
        root = Self.realPath(path)
    }

    /// The file a typed name means, inside the folder after every link; nil for a name outside it or for none.
    public func file(_ typed: String) -> String? {
        let relative = typed.hasPrefix("/") ? String(typed.drop { $0 == "/" }) : typed
        guard let root, !relative.isEmpty, let resolved = Self.realPath(root + "/" + relative), resolved.hasPrefix(root + "/")
        else { return nil }
        return resolved
    }

    /// The names inside the folder that complete `typed` (as `PathCompleter` does, relative to the folder);
    /// none for a name that leaves it.
    public func candidates(for typed: String) -> [String] {
        let relative = typed.hasPrefix("/") ? String(typed.drop { $0 == "/" }) : typed
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard let root, !components.contains("..") else { return [] }
        let folder = components.dropLast().joined(separator: "/")
        if !folder.isEmpty, file(folder) == nil { return [] }
        return PathCompleter.candidates(for: root + "/" + relative, home: nil).compactMap { candidate in
            guard candidate.hasPrefix(root + "/") else { return nil }
            return String(candidate.dropFirst(root.count + 1))
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

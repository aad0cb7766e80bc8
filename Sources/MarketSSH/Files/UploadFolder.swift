public import Localization
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// One vendor's upload folder and what is being put into it: the quota kept across every file session of
/// the vendor's key at once (two `sftp` connections share it), uploads written to hidden temporary files and
/// renamed into place only whole, checked and within the quota, so a name in the folder is always a whole
/// picture (the register form's Tab lists the folder).
public final class UploadFolder: Sendable {
    /// The folder.
    public let path: String
    public let quota: UploadQuota

    /// An upload under way: the name it will have, its size so far, and the folder's other pictures' bytes
    /// when it began (that name's own excluded: it replaces it).
    struct Reservation {
        var name: String
        var size: Int
        var othersBytes: Int
        var replaces: Bool
    }

    private struct State {
        var next = 1
        var reservations: [Int: Reservation] = [:]
    }

    private let state = NIOLockedValueBox(State())

    init(path: String, quota: UploadQuota) {
        self.path = path
        self.quota = quota
    }

    /// The folder opened as a directory, never through a link: every file operation of a session is made
    /// relative to it (`openat` and its kin with `O_NOFOLLOW`), so nothing outside it can be named.
    func openDirectory() -> Int32? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    /// The folder's pictures now: every regular file with a name a client may use, and its size.
    struct Contents {
        /// Each picture's status, as read while listing.
        var files: [String: stat] = [:]
        var count: Int { files.count }
        var bytes: Int { files.values.reduce(0) { $0 + Int($1.st_size) } }
        /// The size of the picture of that name, if there is one.
        func size(of name: String) -> Int? { files[name].map { Int($0.st_size) } }
    }

    static func contents(of directory: Int32) -> Contents {
        var contents = Contents()
        let copy = dup(directory)
        guard copy >= 0, let listing = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return contents
        }
        defer { closedir(listing) }
        rewinddir(listing)
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard let name, UploadName.isAcceptable(name), let info = status(of: name, in: directory),
                info.st_mode & S_IFMT == S_IFREG
            else { continue }
            contents.files[name] = info
        }
        return contents
    }

    /// `fstatat` without following a link; nil when there is nothing by that name.
    static func status(of name: String, in directory: Int32) -> stat? {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Starts an upload that will be named `name`: refused when the folder holds its most pictures already
    /// (counting other uploads of new names under way). Returns the upload's number.
    func begin(_ name: String, in directory: Int32) throws(Phrase.Files) -> Int {
        let contents = Self.contents(of: directory)
        let result: Result<Int, Phrase.Files> = state.withLockedValue { state in
            let replaces = contents.size(of: name) != nil
            let pendingNew = Set(state.reservations.values.filter { !$0.replaces && $0.name != name }.map(\.name)).count
            if !replaces, contents.count + pendingNew + 1 > quota.files { return .failure(.tooMany(limit: quota.files)) }
            let id = state.next
            state.next += 1
            state.reservations[id] = Reservation(
                name: name, size: 0, othersBytes: contents.bytes - (contents.size(of: name) ?? 0), replaces: replaces)
            return .success(id)
        }
        return try result.get()
    }

    /// The upload has grown to `size` bytes: refused past the largest picture, or past the folder's space
    /// with the other uploads under way.
    func grow(_ id: Int, to size: Int) throws(Phrase.Files) {
        if size > quota.fileBytes { throw .tooLarge(limit: quota.fileBytes) }
        let result: Result<Void, Phrase.Files> = state.withLockedValue { state in
            guard var reservation = state.reservations[id] else { return .failure(.unsupported) }
            guard size > reservation.size else { return .success(()) }
            let others = state.reservations.filter { $0.key != id }.values.reduce(0) { $0 + $1.size }
            if reservation.othersBytes + others + size > quota.bytes { return .failure(.noSpace(limit: quota.bytes)) }
            reservation.size = size
            state.reservations[id] = reservation
            return .success(())
        }
        try result.get()
    }

    /// Puts the finished upload in place: the folder counted again as it is now, then the temporary file
    /// renamed to the name (replacing a picture of that name), all under the folder's lock so two sessions
    /// finishing at once cannot both take the last place.
    func finish(_ id: Int, temporary: String, size: Int, in directory: Int32) throws(Phrase.Files) {
        let result: Result<Void, Phrase.Files> = state.withLockedValue { state in
            guard let reservation = state.reservations.removeValue(forKey: id) else { return .failure(.unsupported) }
            let contents = Self.contents(of: directory)
            let replaced = contents.size(of: reservation.name)
            if replaced == nil, contents.count + 1 > quota.files { return .failure(.tooMany(limit: quota.files)) }
            if contents.bytes - (replaced ?? 0) + size > quota.bytes { return .failure(.noSpace(limit: quota.bytes)) }
            guard renameat(directory, temporary, directory, reservation.name) == 0 else {
                return .failure(errno == ENOSPC || errno == EDQUOT ? .diskFull : .unsupported)
            }
            return .success(())
        }
        try result.get()
    }

    /// An upload given up: its place in the quota is free again.
    func abandon(_ id: Int) {
        _ = state.withLockedValue { $0.reservations.removeValue(forKey: id) }
    }

    /// Uploads under way now.
    var uploadsUnderWay: Int { state.withLockedValue { $0.reservations.count } }
}

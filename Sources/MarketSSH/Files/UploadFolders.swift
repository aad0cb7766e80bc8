import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// Every vendor key's upload folder under one directory (`uploads/` in the data directory): a folder named
/// after the key's fingerprint, made (0700) on first use; one `UploadFolder` per key for the life of the
/// front, so the sessions of one key share its quota.
public final class UploadFolders: Sendable {
    /// The directory holding the folders.
    public let root: String
    public let quota: UploadQuota
    private let folders = NIOLockedValueBox<[String: UploadFolder]>([:])

    public init(root: String, quota: UploadQuota = UploadQuota()) {
        self.root = root
        self.quota = quota
    }

    /// A key's fingerprint as a file's name: ASCII letters and digits kept, anything else `_`.
    public static func fileName(forFingerprint fingerprint: String) -> String {
        String(fingerprint.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
    }

    /// The folder's path for a key, made when missing; nil for a visitor without a key (`none`), or when it
    /// cannot be made.
    public func path(forFingerprint fingerprint: String) -> String? {
        guard fingerprint != "none", !fingerprint.isEmpty else { return nil }
        let folder = root + "/" + Self.fileName(forFingerprint: fingerprint)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return folder
    }

    /// The key's folder, with its quota; the first time in this process, temporary files that uploads cut
    /// off by a stop left behind are removed.
    public func folder(forFingerprint fingerprint: String) -> UploadFolder? {
        guard let path = path(forFingerprint: fingerprint) else { return nil }
        return folders.withLockedValue { folders in
            if let known = folders[path] { return known }
            let folder = UploadFolder(path: path, quota: quota)
            if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
                for name in names where name.hasPrefix(UploadName.uploadPrefix) { unlink(path + "/" + name) }
            }
            folders[path] = folder
            return folder
        }
    }
}

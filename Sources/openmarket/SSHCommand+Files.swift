import ArgumentParser
import Foundation

/// Where `openmarket ssh` keeps what is its visitors': their HOME, vendor keys' upload folders, remembered choices.
extension SSHCommand {
    /// Visitors' HOME: `visitor-home` in the data directory, empty and not writable (0500). A start that finds
    /// something in it refuses to hand it to visitors (whatever is there was not put there by the front).
    static func visitorHome(in directory: URL) throws -> String {
        let home = directory.appendingPathComponent("visitor-home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o500])
        chmod(home, 0o500)
        let inside = try FileManager.default.contentsOfDirectory(atPath: home)
        guard inside.isEmpty else {
            throw ValidationError("\(home) is visitors' HOME and must stay empty; it holds \(inside.prefix(3).joined(separator: ", ")). Empty it, then start again.")
        }
        return home
    }

    /// A vendor key's upload folder: `uploads/` in the data directory, a folder named after the key's
    /// fingerprint (made 0700 when missing); empty for a visitor without a key.
    static func uploadFolder(in directory: String, fingerprint: String) -> String {
        guard fingerprint != "none" else { return "" }
        let folder = directory + "/" + fileName(forFingerprint: fingerprint)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// A visitor key's remembered choices: a file named after its fingerprint, in `directory`.
    static func choicesFile(in directory: String, fingerprint: String) -> String {
        directory + "/" + fileName(forFingerprint: fingerprint) + ".json"
    }

    /// A key's fingerprint as a file's name: ASCII letters and digits kept, anything else `_`.
    static func fileName(forFingerprint fingerprint: String) -> String {
        String(fingerprint.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
    }
}

public import Localization

/// What a path an SFTP client sends means inside a vendor's upload folder, which it sees as `/`: the folder
/// itself, or one picture in it. The folder is flat, so anything else — `..`, a folder inside it — is refused
/// before any file is looked at; and a name must be one a picture can have.
public enum UploadName: Equatable, Sendable {
    case folder
    case file(String)

    /// Picture names end with one of these (any case).
    public static let pictureExtensions = [".jpg", ".jpeg", ".png"]
    /// Temporary files of uploads under way are named with this prefix, hidden from the client (its names
    /// never start with a dot).
    static let uploadPrefix = ".upload-"

    /// `path` resolved the way a chrooted server would, with the working folder `/`: `.` and empty
    /// components dropped; a `..`, a second component or a name no picture could have refused with why.
    public static func resolve(_ path: String) -> Result<UploadName, Phrase.Files> {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if components.contains("..") || components.count > 1 { return .failure(.outside) }
        guard let name = components.first.map(String.init) else { return .success(.folder) }
        guard isAcceptable(name) else { return .failure(.badName) }
        return .success(.file(name))
    }

    /// A name a file in the folder may have: no leading dot (those are the front's own), no control
    /// characters, at most 255 bytes (a file name's most on Linux), valid UTF-8 (checked by the decoder).
    static func isAcceptable(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count <= 255 && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Whether `name` ends the way a picture's does.
    public static func isPictureName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return pictureExtensions.contains { lowered.hasSuffix($0) && lowered.count > $0.count }
    }
}

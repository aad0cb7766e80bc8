public import Localization
import Foundation
public import Logging

/// What every SSH session runs: the browser binary, its arguments (the shared market's URL) and
/// environment (identity, read-only notice), plus the logger for session lines.
public struct SessionLauncher: Sendable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]
    public var logger: Logger
    /// This front's name, for the visitors it turns away when full.
    public var frontName: String
    /// The language of visitors whose client sends no locale (a visitor's `LANG`, `LC_ALL` or `LC_MESSAGES` wins).
    public var defaultLanguage: Language
    /// Extra environment for a session authenticated with the key of this fingerprint (its vendor identity).
    public var environmentForKey: @Sendable (_ fingerprint: String) -> [String: String]
    /// The upload folders of vendor keys, which `sftp` and `scp` put pictures into; nil when the front takes
    /// no files (`--open`: visitors are nobody in particular).
    public var uploads: UploadFolders?
    /// The warm process browsers are forked from (`SessionTemplate`); nil to spawn each one cold.
    public var template: SessionTemplate?
    /// The environment variable that names the descriptor a session's browser reports its first page on.
    public static let firstPageReportKey = FirstPageReports.environmentKey

    public init(
        executable: String, arguments: [String], environment: [String: String], logger: Logger,
        frontName: String = "openmarket", defaultLanguage: Language = .english,
        environmentForKey: @escaping @Sendable (_ fingerprint: String) -> [String: String] = { _ in [:] },
        uploads: UploadFolders? = nil
    ) {
        self.uploads = uploads
        self.defaultLanguage = defaultLanguage
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.logger = logger
        self.frontName = frontName
        self.environmentForKey = environmentForKey
    }

    /// What a visitor reads when every session of this front is taken, in the visitor's language.
    public func fullText(in language: Language = .english) -> String {
        language.text(.sshFull(front: frontName)) + "\r\n"
    }

    /// What `help` adds on a front that takes files: where pictures go, and the quota.
    var filesHelp: Phrase.Files? {
        uploads.map { .help(files: $0.quota.files, fileSize: $0.quota.fileBytes, space: $0.quota.bytes) }
    }

    /// The keys, for `ssh … help`.
    public static func helpText(in language: Language = .english) -> String {
        language.text(.sshHelp)
    }
}

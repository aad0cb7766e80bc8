import Foundation

/// The vendor identity kept in `$XDG_CONFIG_HOME/openmarket/identity.json` (mode 0600), so that
/// `--identifier` and `--secret` need to be typed once (`--save-identity`).
public struct IdentityFile: Codable, Equatable {
    /// The vendor identifier.
    public var identifier: String
    /// The vendor secret.
    public var secret: String
    /// The server the identity belongs to, when saved with `--server`.
    public var server: String?

    /// An identity to save.
    public init(identifier: String, secret: String, server: String?) {
        self.identifier = identifier
        self.secret = secret
        self.server = server
    }

    /// Where the file is: under XDG_CONFIG_HOME, else ~/.config.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        }
        return base.appendingPathComponent("openmarket/identity.json")
    }

    /// The saved identity, or nil when there is none or it does not read.
    public static func load(from url: URL = url()) -> IdentityFile? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(IdentityFile.self, from: data)
    }

    /// Writes the file readable by its owner only (created 0600, never world-readable even briefly).
    public func save(to url: URL = IdentityFile.url()) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CocoaError(.fileWriteUnknown) }
    }
}

import Foundation

/// The vendor identity kept in `$XDG_CONFIG_HOME/openmarket/identity.json` (mode 0600), so that
/// `--identifier` and `--secret` need to be typed once (`--save-identity`).
struct IdentityFile: Codable, Equatable {
    var identifier: String
    var secret: String
    /// The server the identity belongs to, when saved with `--server`.
    var server: String?

    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        }
        return base.appendingPathComponent("openmarket/identity.json")
    }

    static func load(from url: URL = url()) -> IdentityFile? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(IdentityFile.self, from: data)
    }

    /// Writes the file readable by its owner only (created 0600, never world-readable even briefly).
    func save(to url: URL = IdentityFile.url()) throws {
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

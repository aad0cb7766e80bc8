import ArgumentParser
import Foundation
import Launch
import Logging
import MarketServer
import MarketSSH
import Settings

/// Where `openmarket ssh` keeps what is its visitors': their HOME, remembered choices (upload folders: `UploadFolders`).
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

    /// A visitor key's remembered choices: a file named after its fingerprint, in `directory`.
    static func choicesFile(in directory: String, fingerprint: String) -> String {
        directory + "/" + fileName(forFingerprint: fingerprint) + ".json"
    }

    /// A key's fingerprint as a file's name: ASCII letters and digits kept, anything else `_`.
    static func fileName(forFingerprint fingerprint: String) -> String {
        UploadFolders.fileName(forFingerprint: fingerprint)
    }
}

extension SSHCommand {
    /// What a visitor's browser is given for the key they offered: the file its choices are kept in, and, over
    /// the embedded market, the key's vendor (made on its first visit, `ssh-vendors.json`). A vendors file that
    /// cannot be used is a refusal to start (exit 78): without it every key would become a new vendor.
    static func keyEnvironment(
        keys: AuthorizedKeys, directory: URL, vendors: SQLiteVendorStore?, logger: Logger
    ) throws -> @Sendable (String) -> [String: String] {
        let choices = directory.appendingPathComponent("visitor-choices").path
        guard let vendors else {
            return { fingerprint in [RememberedChoices.environmentKey: Self.choicesFile(in: choices, fingerprint: fingerprint)] }
        }
        let keyVendors: KeyVendors
        do {
            keyVendors = try KeyVendors(file: directory.appendingPathComponent("ssh-vendors.json"), vendors: vendors, logger: logger)
        } catch let unusable as KeyVendors.Unusable {
            FileHandle.standardError.write(Data("openmarket ssh: \(unusable.description)\n".utf8))
            throw ExitCode(78)
        }
        return { fingerprint in
            var environment = [RememberedChoices.environmentKey: Self.choicesFile(in: choices, fingerprint: fingerprint)]
            guard let vendor = keyVendors.credentials(forFingerprint: fingerprint, name: keys.comment(forFingerprint: fingerprint) ?? "")
            else { return environment }
            environment[EnvironmentKey.identifier] = vendor.identifier
            environment[EnvironmentKey.secret] = vendor.secret
            environment[EnvironmentKey.vendorID] = String(vendor.id)
            return environment
        }
    }
}

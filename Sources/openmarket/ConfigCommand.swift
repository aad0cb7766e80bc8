import ArgumentParser
import Foundation
import Launch
import MarketApp
import MarketCommands
import Settings

/// `openmarket config path|show|init`: where the settings file is, what is in effect and from where, and a
/// commented file of every default to start from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "The settings file: where it is, what is in effect, and a commented one to start from.",
        subcommands: [Path.self, Show.self, Init.self])

    /// The file's location, shared by the subcommands.
    struct Location: ParsableArguments {
        @Option(help: "The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml); also OPENMARKET_CONFIG.")
        var config: String?

        var resolved: SettingsFile.Location {
            SettingsFile.location(flag: config, environment: ProcessInfo.processInfo.environment)
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the settings file's path.")
        @OptionGroup var location: Location

        func run() throws {
            guard let path = location.resolved.path else {
                FileHandle.standardError.write(Data("openmarket: no settings file (OPENMARKET_CONFIG or --config is empty)\n".utf8))
                return
            }
            print(path)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the settings in effect, each with where it comes from (the environment, the file, or the default).")
        @OptionGroup var location: Location

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let file = try CommandLaunch.settingsFile(flag: location.config, environment: environment)
            let settings = try CommandLaunch.resolve { () throws(InvalidSettingValue) in
                try file.layers(environment: environment).resolveAll { market in
                    BrowseCommand.remembered(environment: environment, market: market.rememberedKey)
                }
            }
            print(ConfigCommand.report(settings, file: file.settings, location: location.resolved))
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a settings file with every setting at its default, commented; never over an existing one.")
        @OptionGroup var location: Location

        func run() throws {
            guard let path = location.resolved.path else {
                throw ValidationError("no settings file to write: OPENMARKET_CONFIG or --config is empty")
            }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // O_EXCL: a file that is there (or appears meanwhile) is never overwritten.
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let reason = errno == EEXIST ? "is there already; not overwritten" : String(cString: strerror(errno))
                FileHandle.standardError.write(Data("openmarket: \(path): \(reason)\n".utf8))
                throw ExitCode(73)  // EX_CANTCREAT
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(SettingsTemplate.text(specs: LaunchSettings.specs).utf8))
            try handle.close()
            print("wrote \(path)")
        }
    }

    /// `config show`'s text: the file, then each setting's value and origin in columns, then the named servers.
    static func report(_ settings: ResolvedSettings, file: Settings, location: SettingsFile.Location) -> String {
        var lines: [String] = []
        switch location {
        case .none: lines.append("settings file  none (OPENMARKET_CONFIG or --config is empty)")
        case .named(let path), .usual(let path):
            lines.append("settings file  \(path)" + (file.path == nil ? " (not there: defaults)" : ""))
        }
        let rows = settings.rows
        let valueWidth = rows.map(\.value.count).max() ?? 0
        for row in rows {
            let name = row.name.padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append("\(name) \(row.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0))  \(row.origin)")
        }
        for binding in file.keys {
            lines.append("keys.\(binding.action)".padding(toLength: 14, withPad: " ", startingAt: 0) + " " + binding.keys.joined(separator: " ") + "  \(file.path ?? ""):\(binding.line)")
        }
        for server in file.servers.values.sorted(by: { $0.name < $1.name }) {
            let identity = server.identifier.map { "identity \($0) (secret not shown)" } ?? "no identity"
            lines.append("servers.\(server.name)  \(server.url)  \(identity)  \(file.path ?? ""):\(server.line)")
        }
        // Names and values from the file, shown without their control characters.
        return lines.map(SettingsError.escaped).joined(separator: "\n")
    }
}

import Foundation
import Yams

/// The settings file: where it is, reading it, and checking every line of it — YAML read with Yams, whose
/// nodes know their lines, so every mistake is reported at its line (`SettingsError`).
///
/// Where: `--config PATH`, else `OPENMARKET_CONFIG` (empty: no file), else
/// `$XDG_CONFIG_HOME/openmarket/config.yaml` (`~/.config/openmarket/config.yaml`). A file asked for by name
/// must exist; the usual one may be missing (then there are no settings).
public enum SettingsFile {
    /// The environment key naming the file; set but empty, no file is read (`openmarket ssh` sets it so for
    /// visitors' browsers: the operator's file is the operator's).
    public static let environmentKey = "OPENMARKET_CONFIG"

    /// The name of the file's section of named servers.
    public static let serversSection = "servers"
    /// The name of the section that gives actions keys of their own.
    public static let keysSection = "keys"
    /// The name of the section of user themes.
    public static let themesSection = "themes"

    /// The largest file read.
    static let sizeLimit = 1 << 20

    /// Where the settings come from.
    public enum Location: Sendable, Equatable {
        /// No file, on purpose.
        case none
        /// A file asked for by name: it must exist.
        case named(String)
        /// The usual place: a missing file is no settings.
        case usual(String)

        /// The file's path, if there is one.
        public var path: String? {
            switch self {
            case .none: nil
            case .named(let path), .usual(let path): path
            }
        }
    }

    /// Where the settings file is, from `--config` and the environment.
    public static func location(flag: String?, environment: [String: String]) -> Location {
        if let flag { return flag.isEmpty ? .none : .named(flag) }
        if let named = environment[environmentKey] { return named.isEmpty ? .none : .named(named) }
        return .usual(usualPath(environment: environment))
    }

    /// `$XDG_CONFIG_HOME/openmarket/config.yaml`, or under `~/.config` when that is not set (or not absolute).
    public static func usualPath(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return base + "/openmarket/config.yaml"
    }

    /// The settings at `location`, read as `specs` say.
    public static func load(_ location: Location, specs: [SettingSpec]) throws(SettingsError) -> Settings {
        guard let path = location.path else { return Settings() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if case .usual = location { return Settings() }
            throw SettingsError(path: path, problem: "no such file")
        }
        return try parse(read(path, isDirectory: isDirectory.boolValue), path: path, specs: specs)
    }

    /// The file's text, or why it cannot be had.
    static func read(_ path: String, isDirectory: Bool) throws(SettingsError) -> String {
        guard !isDirectory else { throw SettingsError(path: path, problem: "is a directory, not a settings file") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.code } ?? nil
            throw SettingsError(path: path, problem: "cannot be read" + (reason == Int(EACCES) ? ": permission denied" : ""))
        }
        guard data.count <= sizeLimit else { throw SettingsError(path: path, problem: "is larger than 1 MB; is it the right file?") }
        guard let text = String(data: data, encoding: .utf8) else { throw SettingsError(path: path, problem: "is not UTF-8 text") }
        return text
    }

    /// Checks `text` as the settings file at `path`: every key one of `specs` or a section, every value one its
    /// setting's kind takes, no key twice, every named server whole. (What a value names — a server, a theme —
    /// is checked by its setting in the launch layer, at the same line.)
    public static func parse(_ text: String, path: String, specs: [SettingSpec]) throws(SettingsError) -> Settings {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.syntax(error, path: path)
        } catch {
            throw SettingsError(path: path, problem: "cannot be read as YAML")
        }
        var settings = Settings(path: path)
        guard let root, !Self.isNull(root) else { return settings }
        guard case .mapping(let mapping) = root else {
            throw SettingsError(path: path, line: root.mark?.line, problem: "must be `key: value` lines (a YAML mapping)")
        }
        var lines: [String: Int] = [:]
        for (keyNode, valueNode) in mapping {
            let (key, line) = try Self.key(keyNode, path: path, seen: &lines)
            if key == serversSection {
                settings.servers = try Self.servers(valueNode, path: path)
                continue
            }
            if key == keysSection {
                settings.keys = try Self.keyBindings(valueNode, path: path)
                continue
            }
            if key == themesSection {
                settings.themes = try Self.themes(valueNode, path: path)
                continue
            }
            guard let spec = specs.first(where: { $0.name == key }) else {
                throw SettingsError(
                    path: path, line: line, key: key, problem: "not a setting",
                    suggestion: NearestName.among(specs.map(\.name) + [serversSection, keysSection, themesSection], to: key))
            }
            let value = try Self.value(valueNode, of: spec, path: path, line: line)
            settings.entries[key] = Settings.Entry(value: value, line: valueNode.mark?.line ?? line)
        }
        return settings
    }

    /// Whether `text` is an http(s) URL with a host.
    public static func isURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }

    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.tag == Tag(.null) || (scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string))
    }

    /// A mapping's key: a scalar, not seen before in the same mapping.
    static func key(_ node: Node, path: String, seen: inout [String: Int]) throws(SettingsError) -> (String, Int) {
        let line = node.mark?.line ?? 0
        guard case .scalar(let scalar) = node else {
            throw SettingsError(path: path, line: line, problem: "a key must be a word, not a list or a mapping")
        }
        if let first = seen[scalar.string] {
            throw SettingsError(path: path, line: line, key: scalar.string, problem: "set twice (first on line \(first)); keep one")
        }
        seen[scalar.string] = line
        return (scalar.string, line)
    }

    /// A setting's value, checked against what the setting takes, in its canonical spelling.
    static func value(_ node: Node, of setting: SettingSpec, path: String, line: Int) throws(SettingsError) -> String {
        let at = node.mark?.line ?? line
        func wrong(_ what: String) -> SettingsError {
            SettingsError(path: path, line: at, key: setting.name, problem: "\(what); expected \(setting.expected)")
        }
        guard case .scalar(let scalar) = node else { throw wrong(node.isMapping ? "is a mapping" : "is a list") }
        guard !isNull(node) else { throw wrong("has no value") }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        switch setting.kind {
        case .choice(let words):
            guard let word = words.first(where: { $0 == text.lowercased() }) else {
                throw wrong("“\(SettingsError.printable(text))” is not one of them")
            }
            return word
        case .number(let minimum):
            guard let number = Double(text), number.isFinite, number >= minimum else {
                throw wrong("“\(SettingsError.printable(text))” is not")
            }
            return SettingSpec.format(number)
        case .flag:
            guard ["true", "false"].contains(text.lowercased()) else { throw wrong("“\(SettingsError.printable(text))” is not") }
            return text.lowercased()
        case .text:
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw wrong("“\(SettingsError.printable(text))” is not one line of text")
            }
            return text
        }
    }

    /// A YAML syntax error, at its line.
    static func syntax(_ error: YamlError, path: String) -> SettingsError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            SettingsError(path: path, line: mark.line, problem: "is not valid YAML here: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            SettingsError(path: path, line: context.mark.line, key: duplicates.first, problem: "set more than once; keep one")
        case .reader(let problem, _, _, _):
            SettingsError(path: path, problem: "cannot be read as YAML: \(problem)")
        default:
            SettingsError(path: path, problem: "is not valid YAML")
        }
    }
}

extension Node {
    var isMapping: Bool {
        if case .mapping = self { true } else { false }
    }
}

import Foundation
import Yams

/// The sections of the settings file that hold more than a value: named servers, key bindings, themes.
extension SettingsFile {
    /// The `servers` section: a mapping of names to mappings of `url`, `identifier` and `secret`.
    static func servers(_ node: Node, path: String) throws(SettingsError) -> [String: NamedServer] {
        let sectionLine = node.mark?.line
        guard case .mapping(let mapping) = node else {
            throw SettingsError(
                path: path, line: sectionLine, key: serversSection,
                problem: "must map names to servers (`course:` and, under it, `url: http://…`)")
        }
        var servers: [String: NamedServer] = [:]
        var names: [String: Int] = [:]
        for (nameNode, serverNode) in mapping {
            let (name, line) = try key(nameNode, path: path, seen: &names)
            guard name != "embedded", !name.isEmpty else {
                throw SettingsError(path: path, line: line, key: name, problem: "is the embedded market's name; choose another")
            }
            servers[name] = try server(named: name, serverNode, line: line, path: path)
        }
        return servers
    }

    /// The `keys:` section: action names, each with a key or a list of keys.
    static func keyBindings(_ node: Node, path: String) throws(SettingsError) -> [KeyBinding] {
        guard case .mapping(let mapping) = node else {
            throw SettingsError(
                path: path, line: node.mark?.line, key: keysSection,
                problem: "must map actions to keys (`move.down: [j, down]`)")
        }
        var bindings: [KeyBinding] = []
        var seen: [String: Int] = [:]
        for (actionNode, keysNode) in mapping {
            let (action, line) = try key(actionNode, path: path, seen: &seen)
            let shown = "\(keysSection).\(action)"
            var keys: [String] = []
            var keyLines: [Int] = []
            switch keysNode {
            case .scalar(let scalar) where !isNull(keysNode):
                keys = [scalar.string]
                keyLines = [keysNode.mark?.line ?? line]
            case .sequence(let sequence):
                for item in sequence {
                    guard case .scalar(let scalar) = item, !isNull(item) else {
                        throw SettingsError(
                            path: path, line: item.mark?.line ?? line, key: shown,
                            problem: "each key is a word such as j, down or ctrl-n (quote the ones YAML reads otherwise: \"?\", \"#\", \"-\")")
                    }
                    keys.append(scalar.string)
                    keyLines.append(item.mark?.line ?? line)
                }
            default:
                break
            }
            guard !keys.isEmpty else {
                throw SettingsError(
                    path: path, line: line, key: shown,
                    problem: "needs a key or a list of keys (`[j, down]`; quote the ones YAML reads otherwise: \"?\", \"#\", \"-\")")
            }
            bindings.append(KeyBinding(action: action, keys: keys, line: line, keyLines: keyLines))
        }
        return bindings
    }

    /// The `themes:` section: names, each with `base:` and the styles of the elements it changes.
    static func themes(_ node: Node, path: String) throws(SettingsError) -> [String: ThemeDefinition] {
        guard case .mapping(let mapping) = node else {
            throw SettingsError(
                path: path, line: node.mark?.line, key: themesSection,
                problem: "must map names to themes (`mine:` and, under it, `base: dark`, `price: { fg: \"#00af5f\", bold: true }`)")
        }
        var themes: [String: ThemeDefinition] = [:]
        var names: [String: Int] = [:]
        for (nameNode, themeNode) in mapping {
            let (name, line) = try key(nameNode, path: path, seen: &names)
            let shown = "\(themesSection).\(name)"
            guard !ThemeDefinition.builtIn.contains(name.lowercased()) else {
                throw SettingsError(path: path, line: line, key: shown, problem: "is a built-in theme's name; choose another")
            }
            guard case .mapping(let entries) = themeNode else {
                throw SettingsError(path: path, line: themeNode.mark?.line ?? line, key: shown, problem: "must map elements to styles")
            }
            var theme = ThemeDefinition(name: name, line: line)
            var seen: [String: Int] = [:]
            for (elementNode, styleNode) in entries {
                let (element, elementLine) = try key(elementNode, path: path, seen: &seen)
                if element == "base" {
                    guard case .scalar(let scalar) = styleNode, !isNull(styleNode) else {
                        throw SettingsError(path: path, line: elementLine, key: "\(shown).base", problem: "names a built-in theme: dark, light or high-contrast")
                    }
                    theme.base = (scalar.string, styleNode.mark?.line ?? elementLine)
                    continue
                }
                guard case .mapping(let fieldNodes) = styleNode else {
                    throw SettingsError(
                        path: path, line: styleNode.mark?.line ?? elementLine, key: "\(shown).\(element)",
                        problem: "must be a style such as { fg: \"#00af5f\", bg: default, bold: true }")
                }
                var style = ThemeDefinition.Style(element: element, line: elementLine, fields: [:], fieldLines: [:])
                var fieldsSeen: [String: Int] = [:]
                for (fieldNode, valueNode) in fieldNodes {
                    let (field, fieldLine) = try key(fieldNode, path: path, seen: &fieldsSeen)
                    guard case .scalar(let scalar) = valueNode, !isNull(valueNode) else {
                        throw SettingsError(path: path, line: fieldLine, key: "\(shown).\(element).\(field)", problem: "needs a value")
                    }
                    style.fields[field] = scalar.string
                    style.fieldLines[field] = fieldLine
                }
                theme.styles.append(style)
            }
            themes[name] = theme
        }
        return themes
    }

    /// One named server.
    static func server(named name: String, _ node: Node, line: Int, path: String) throws(SettingsError) -> NamedServer {
        let shown = "servers.\(name)"
        guard case .mapping(let mapping) = node else {
            throw SettingsError(path: path, line: node.mark?.line ?? line, key: shown, problem: "must be a mapping with `url:` (and `identifier:`, `secret:`)")
        }
        var fields: [String: String] = [:]
        var seen: [String: Int] = [:]
        for (keyNode, valueNode) in mapping {
            let (key, keyLine) = try Self.key(keyNode, path: path, seen: &seen)
            guard NamedServer.keys.contains(key) else {
                throw SettingsError(
                    path: path, line: keyLine, key: "\(shown).\(key)", problem: "not a server setting (url, identifier or secret)",
                    suggestion: NearestName.among(NamedServer.keys, to: key))
            }
            guard case .scalar(let scalar) = valueNode, !isNull(valueNode), !scalar.string.isEmpty else {
                throw SettingsError(path: path, line: valueNode.mark?.line ?? keyLine, key: "\(shown).\(key)", problem: "needs a one-line value")
            }
            fields[key] = scalar.string
        }
        guard let url = fields["url"] else {
            throw SettingsError(path: path, line: line, key: shown, problem: "has no `url:`")
        }
        guard isURL(url) else {
            throw SettingsError(
                path: path, line: seen["url"] ?? line, key: "\(shown).url",
                problem: "“\(SettingsError.printable(url))” is not an http or https URL such as http://127.0.0.1:8080")
        }
        guard (fields["identifier"] == nil) == (fields["secret"] == nil) else {
            throw SettingsError(path: path, line: line, key: shown, problem: "identifier and secret go together")
        }
        return NamedServer(name: name, url: url, identifier: fields["identifier"], secret: fields["secret"], line: line)
    }
}

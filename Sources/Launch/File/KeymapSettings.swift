public import MarketFeatures
public import Settings
import TerminalUI

/// The settings file's `keys:` section made a `Keymap`: every action name known, every key name one the
/// browser reads, no key given to two actions looked at together, and no character the form's fields would
/// have typed given to the form's actions — each mistake at its line, with the nearest valid name.
public enum KeymapSettings {
    /// The keymap the settings give (the defaults where they say nothing).
    public static func keymap(_ settings: Settings) throws(SettingsError) -> Keymap {
        let path = settings.path ?? "settings"
        var bindings: [KeyAction: [KeyEvent]] = [:]
        var lines: [KeyAction: Int] = [:]
        for binding in settings.keys {
            let shown = "\(SettingsFile.keysSection).\(binding.action)"
            guard let action = KeyAction(rawValue: binding.action) else {
                throw SettingsError(
                    path: path, line: binding.line, key: shown, problem: "not an action",
                    suggestion: NearestName.among(KeyAction.allCases.map(\.rawValue), to: binding.action))
            }
            var keys: [KeyEvent] = []
            for (index, name) in binding.keys.enumerated() {
                let line = index < binding.keyLines.count ? binding.keyLines[index] : binding.line
                guard let key = KeyName.key(name) else {
                    throw SettingsError(
                        path: path, line: line, key: shown,
                        problem: "“\(name)” is not a key; keys are one character (j, G, \"?\" quoted), a name (\(namedList)), ctrl- and a letter (not ctrl-c, h, i, j, l, m, z), or f1–f12",
                        suggestion: NearestName.among(KeyName.named.map(\.0), to: name.lowercased()))
                }
                if action.context == .form, Self.editsFields(key) {
                    throw SettingsError(
                        path: path, line: line, key: shown,
                        problem: "“\(name)” edits or moves through the form's fields; give it ctrl- and another letter (s, x, o …), a function key or esc")
                }
                keys.append(key)
            }
            bindings[action] = keys
            lines[action] = binding.line
        }
        do throws(Keymap.Conflict) {
            return try Keymap(bindings: bindings)
        } catch {
            let key = KeyName.label(error.key)
            throw SettingsError(
                path: path, line: lines[error.action], key: "\(SettingsFile.keysSection).\(error.action.rawValue)",
                problem: "“\(key)” is \(error.holder.rawValue)'s already; give \(error.holder.rawValue) other keys too")
        }
    }

    /// Whether the form's fields take `key` themselves: characters are typed, and these move or edit.
    static func editsFields(_ key: KeyEvent) -> Bool {
        switch key {
        case .character, .paste, .tab, .backTab, .up, .down, .left, .right, .home, .end, .enter, .backspace, .delete: true
        case .control(let letter): ["a", "d", "e", "k", "u", "w"].contains(letter)
        case .escape, .pageUp, .pageDown, .function: false
        }
    }

    static var namedList: String { KeyName.named.map(\.0).joined(separator: ", ") }
}

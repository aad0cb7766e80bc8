import Launch
import MarketFeatures
import Settings
import TerminalUI
import Testing

/// The settings file's `keys:` made a keymap, and each mistake in it reported at its line.
@Suite("Keys from the settings file")
struct KeymapSettingsTests {
    static let path = "/home/u/.config/openmarket/config.yaml"

    func keymap(_ text: String) throws(SettingsError) -> Keymap {
        try LaunchFile.parse(text, path: Self.path).keymap
    }

    func mistake(_ text: String) -> String? {
        do {
            _ = try keymap(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("actions take a key or a list of keys; the rest keep their defaults")
    func keys() throws {
        let keymap = try keymap("layout: list\nkeys:\n  move.down: [s, down]\n  move.up: w\n  form.submit: ctrl-x\n  help: f1\n")
        #expect(keymap.keys[.moveDown] == [.character("s"), .down])
        #expect(keymap.keys[.moveUp] == [.character("w")])
        #expect(keymap.keys[.formSubmit] == [.control("x")] && keymap.keys[.help] == [.function(1)])
        #expect(keymap.keys[.quit] == [.character("q")])
        #expect(try self.keymap("layout: list") == .standard)
        let resolved = try LaunchFile.parse("keys:\n  help: f1\n", path: Self.path).layers().resolveAll()
        #expect(resolved.keymap.keys[.help] == [.function(1)], "the resolved settings carry the file's keys")
    }

    @Test("a mistake in keys: an action's name, a key's name, a key taken, a form key that is typed; each at its line")
    func mistakes() {
        let p = Self.path
        #expect(mistake("keys:\n  move.dwon: j\n") == "\(p):2: keys.move.dwon: not an action — did you mean “move.down”?")
        #expect(mistake("keys:\n  move.down: [j, dwn]\n")?.hasPrefix("\(p):2: keys.move.down: “dwn” is not a key; keys are one character") == true)
        #expect(mistake("keys:\n  move.down: [j, dwn]\n")?.hasSuffix("— did you mean “down”?") == true)
        #expect(mistake("keys:\n  move.down: ctrl-c\n")?.contains("(not ctrl-c, h, i, j, l, m, z)") == true)
        #expect(mistake("\nkeys:\n  refresh: q\n") == "\(p):3: keys.refresh: “q” is quit's already; give quit other keys too")
        #expect(mistake("keys:\n  refresh: \"?\"\n") == "\(p):2: keys.refresh: “?” is help's already; give help other keys too")
        let typed = "edits or moves through the form's fields; give it ctrl- and another letter (s, x, o …), a function key or esc"
        #expect(mistake("keys:\n  form.submit: s\n") == "\(p):2: keys.form.submit: “s” \(typed)")
        #expect(mistake("keys:\n  form.submit: tab\n") == "\(p):2: keys.form.submit: “tab” \(typed)")
        #expect(mistake("keys:\n  form.cancel: ctrl-u\n") == "\(p):2: keys.form.cancel: “ctrl-u” \(typed)")
        #expect((try? keymap("keys:\n  form.submit: [ctrl-x, f2]\n")) != nil)
        #expect(mistake("keys:\n  help: ctrl-h\n")?.contains("(not ctrl-c, h, i, j, l, m, z)") == true, "Ctrl-H arrives as Backspace")
        #expect(mistake("keys:\n  move.down:\n    - j\n    - dwn\n")?.hasPrefix("\(p):4: keys.move.down: “dwn”") == true, "at the key's own line")
        #expect(mistake("keys:\n  help: [?]\n")?.contains("quote") == true)
        #expect(mistake("keys:\n  move.down: \"\\e[31m\"\n")?.contains("␛[31m") == true, "a control character is shown, never sent")
        #expect(mistake("keys:\n  quit: []\n") == "\(p):2: keys.quit: needs a key or a list of keys (`[j, down]`; quote the ones YAML reads otherwise: \"?\", \"#\", \"-\")")
        #expect(mistake("keys: j\n") == "\(p):1: keys: must map actions to keys (`move.down: [j, down]`)")
        #expect(mistake("keyz:\n  quit: x\n") == "\(p):1: keyz: not a setting — did you mean “keys”?")
    }
}

import Foundation
import Mocks
import Testing

/// The settings file with the real binary: written by `config init`, shown by `config show`, obeyed by the
/// browser under tmux, and a mistake in it reported in one line with exit status 78.
@Suite("The settings file, end to end")
struct SettingsEndToEndTests {
    func run(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String, errors: String) {
        let process = try SpawnedProcess(BuiltProducts.openmarket, arguments, environment: environment)
        let status = await process.waitForExit()
        return (status, process.standardOutput, process.standardError)
    }

    @Test("config init writes every default commented (0600) and never over a file; path and show agree")
    func initPathShow() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let file = home.path + "/openmarket/config.yaml"
        var result = try await run(["config", "path"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.output == file + "\n")
        // NO_COLOR would win; so would a layout this machine's user once chose (remembered in the state directory).
        let unset = ["XDG_CONFIG_HOME": home.path, "XDG_STATE_HOME": home.path, "OPENMARKET_COLORS": "16", "NO_COLOR": ""]
        result = try await run(["config", "init"], environment: unset)
        #expect(result.status == 0 && result.output == "wrote \(file)\n", "\(result.errors)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("# layout: grid") && written.contains("# servers:"))
        result = try await run(["config", "init"], environment: unset)
        #expect(result.status == 73)
        #expect(result.errors == "openmarket: \(file): is there already; not overwritten\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == written, "the file is untouched")

        try Data("layout: list\npoll-interval: 30\n".utf8).write(to: URL(fileURLWithPath: file))
        result = try await run(["config", "show"], environment: unset)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "settings file  \(file)")
        #expect(lines.contains { $0.hasPrefix("layout         list") && $0.hasSuffix("\(file):1") })
        #expect(lines.contains { $0.hasPrefix("poll-interval  30") && $0.hasSuffix("\(file):2") })
        #expect(lines.contains { $0.hasPrefix("colors         16") && $0.hasSuffix("environment OPENMARKET_COLORS") })
        #expect(lines.contains { $0.hasPrefix("pictures       auto") && $0.hasSuffix("default") })
    }

    @Test("a mistake in the file: one line with the file, the line, the key and the nearest one; exit 78, before any screen")
    func mistake() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let file = home.path + "/broken.yaml"
        try Data("layout: list\npictures: sixl\n".utf8).write(to: URL(fileURLWithPath: file))
        var result = try await run(["browse", "--config", file, "--server", "http://127.0.0.1:9"], environment: [:])
        #expect(result.status == 78)
        #expect(result.errors == "openmarket: \(file):2: pictures: “sixl” is not one of them; expected auto, kitty, sixel, iterm, blocks or off\n")
        try Data("layot: list\n".utf8).write(to: URL(fileURLWithPath: file))
        result = try await run(["config", "show", "--config", file], environment: [:])
        #expect(result.status == 78)
        #expect(result.errors == "openmarket: \(file):1: layot: not a setting — did you mean “layout”?\n")
        result = try await run(["browse", "--config", home.path + "/missing.yaml"], environment: [:])
        #expect(result.status == 78 && result.errors == "openmarket: \(home.path)/missing.yaml: no such file\n")
        result = try await run(["browse", "--config", home.path], environment: [:])
        #expect(result.status == 78 && result.errors == "openmarket: \(home.path): is a directory, not a settings file\n")
    }

    @Test("the browser obeys the file (a list, a named server), and an option wins over it")
    func obeyed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/config.yaml"
        try Data("layout: list\nserver: nowhere\nservers:\n  nowhere:\n    url: http://127.0.0.1:9\n".utf8).write(to: URL(fileURLWithPath: file))
        let down = try TmuxSession(command: "\(BuiltProducts.openmarket) --config \(file)", columns: 100, rows: 30)
        let screen = try await down.waitFor(text: "Cannot reach the market")
        #expect(screen.contains("127.0.0.1:9"), "the named server's URL is browsed")
        try down.send("q")
        try await down.waitFor(text: "EXITED:0")

        try Data("layout: list\n".utf8).write(to: URL(fileURLWithPath: file))
        let list = try TmuxSession(command: "\(BuiltProducts.openmarket) --config \(file) --data-dir \(directory.path)/data", columns: 100, rows: 30)
        let first = try await list.waitFor(text: "20+ products")
        #expect(first.split(separator: "\n").first?.contains("list") == true, "\(first)")
        #expect(!first.contains("┌"), "no cards")
        try list.send("q")
        try await list.waitFor(text: "EXITED:0")

        let grid = try TmuxSession(
            command: "\(BuiltProducts.openmarket) --config \(file) --layout grid --data-dir \(directory.path)/data", columns: 100, rows: 30)
        let cards = try await grid.waitFor(text: "20+ products")
        #expect(cards.split(separator: "\n").first?.contains("grid") == true && cards.contains("┌"), "\(cards)")
    }

    @Test("keys from the file: s moves and j no longer does, F1 opens help, which lists the keys in effect")
    func keys() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/config.yaml"
        try Data("layout: list\nkeys:\n  move.down: [s, down]\n  help: f1\n".utf8).write(to: URL(fileURLWithPath: file))
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --config \(file) --data-dir \(directory.path)/data", columns: 100, rows: 30)
        let first = try await tmux.waitFor(text: "20+ products")
        #expect(first.contains(" 1 of "), "\(first)")
        #expect(first.split(separator: "\n").last?.contains("↑s move") == true, "the hint line shows the keys in effect")
        try tmux.send("j")
        try tmux.send("s")
        try await tmux.waitFor(text: " 2 of ")
        try tmux.send("?")
        try tmux.send("F1")
        let help = try await tmux.waitFor(text: "this help")
        #expect(help.contains("F1") && help.contains("↑ s  k ↓"), "\(help)")
        try tmux.send("Escape")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")
    }

    @Test("a key given to two actions: one line, exit 78")
    func conflict() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/config.yaml"
        try Data("keys:\n  refresh: q\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await run(["browse", "--config", file], environment: [:])
        #expect(result.status == 78)
        #expect(result.errors == "openmarket: \(file):2: keys.refresh: “q” is quit's already; give quit other keys too\n")
    }

    @Test("the layout left at exit is where the next start begins; --no-remember starts from the defaults and keeps nothing")
    func remembered() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let choices = directory.path + "/state/choices.json"
        let command = "OPENMARKET_CHOICES=\(choices) \(BuiltProducts.openmarket) --data-dir \(directory.path)/data"
        let first = try TmuxSession(command: command, columns: 100, rows: 30)
        let grid = try await first.waitFor(text: "20+ products")
        #expect(grid.split(separator: "\n").first?.contains("grid") == true)
        try first.send("v")
        try await first.waitFor("the list") { $0.split(separator: "\n").first?.contains("list") == true }
        try first.send("q")
        try await first.waitFor(text: "EXITED:0")
        let kept = try String(contentsOfFile: choices, encoding: .utf8)
        #expect(kept.contains("\"layout\" : \"list\""), "\(kept)")

        let second = try TmuxSession(command: command + " --colors 16", columns: 100, rows: 30)
        let list = try await second.waitFor(text: "20+ products")
        #expect(list.split(separator: "\n").first?.contains("list") == true, "\(list)")
        try second.send("q")
        try await second.waitFor(text: "EXITED:0")
        #expect(try String(contentsOfFile: choices, encoding: .utf8) == kept, "an option is not a choice to keep; nothing changed, nothing written")

        let third = try TmuxSession(command: command + " --no-remember", columns: 100, rows: 30)
        let fresh = try await third.waitFor(text: "20+ products")
        #expect(fresh.split(separator: "\n").first?.contains("grid") == true, "\(fresh)")
        try third.send("c")
        try third.send("q")
        try await third.waitFor(text: "EXITED:0")
        #expect(try String(contentsOfFile: choices, encoding: .utf8) == kept, "nothing kept with --no-remember")
    }

    @Test("a theme of the file's: the prices in its red, over the light theme; a colour mistake is one line, exit 78")
    func userTheme() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path + "/config.yaml"
        try Data("layout: list\ntheme: mine\nthemes:\n  mine:\n    base: light\n    price: { fg: \"#ff0000\" }\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let tmux = try TmuxSession(command: "\(BuiltProducts.openmarket) --config \(file) --data-dir \(directory.path)/data", columns: 100, rows: 30)
        try await tmux.waitFor(text: "20+ products")
        let screen = try await tmux.settled()
        #expect(screen.contains("\u{1B}[38;5;196m") || screen.contains(";38;5;196m"), "the prices in the theme's red")
        try tmux.send("q")
        try await tmux.waitFor(text: "EXITED:0")

        try Data("themes:\n  mine:\n    price: { fg: crimson }\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await run(["browse", "--config", file], environment: [:])
        #expect(result.status == 78)
        #expect(result.errors.hasPrefix("openmarket: \(file):3: themes.mine.price.fg: “crimson” is not a colour"), "\(result.errors)")
    }
}

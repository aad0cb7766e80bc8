import Foundation
import Launch
import Testing

@testable import Settings

@Suite("The settings file")
struct SettingsFileTests {
    let path = "/home/u/.config/openmarket/config.yaml"

    func parse(_ text: String) throws(SettingsError) -> Settings { try SettingsFile.parse(text, path: path, specs: LaunchSettings.specs) }

    /// The one line a mistake in `text` is reported as.
    func mistake(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("every setting and a named server, each value in its canonical spelling at its line")
    func whole() throws {
        let settings = try parse(
            """
            # my market
            server: course
            layout: List
            pictures: off        # YAML 1.1 would read a boolean here; the setting reads the word
            colors: 256
            poll-interval: 2.50
            mouse: False
            ascii: true
            servers:
              course:
                url: http://market.test:8080
                identifier: vendor-1
                secret: s3cret
              other:
                url: https://other.test
            """)
        #expect(settings.path == path)
        #expect(settings["server"] == Settings.Entry(value: "course", line: 2))
        #expect(settings["layout"] == Settings.Entry(value: "list", line: 3))
        #expect(settings["pictures"] == Settings.Entry(value: "off", line: 4))
        #expect(settings["colors"]?.value == "256")
        #expect(settings["poll-interval"] == Settings.Entry(value: "2.5", line: 6))
        #expect(settings["mouse"]?.value == "false" && settings["ascii"]?.value == "true")
        #expect(
            settings.servers == [
                "course": NamedServer(name: "course", url: "http://market.test:8080", identifier: "vendor-1", secret: "s3cret", line: 10),
                "other": NamedServer(name: "other", url: "https://other.test", line: 14),
            ])
    }

    @Test("an empty file, or one of comments only, sets nothing")
    func empty() throws {
        #expect(try parse("") == Settings(path: path))
        #expect(try parse("# nothing yet\n\n# layout: list\n") == Settings(path: path))
    }

    @Test("a typo in a key names the file, the line, the key and the nearest valid key")
    func typo() {
        #expect(mistake("layout: grid\nlayot: list\n") == "\(path):2: layot: not a setting — did you mean “layout”?")
        #expect(mistake("pollinterval: 3") == "\(path):1: pollinterval: not a setting — did you mean “poll-interval”?")
        #expect(mistake("sever: x") == "\(path):1: sever: not a setting — did you mean “server”?")
        #expect(mistake("colours: 16") == "\(path):1: colours: not a setting — did you mean “colors”?")
        #expect(mistake("wallpaper: blue") == "\(path):1: wallpaper: not a setting", "nothing near: no guess")
    }

    @Test("a value a setting does not take says what it takes")
    func values() {
        #expect(mistake("\n\npictures: sixl") == "\(path):3: pictures: “sixl” is not one of them; expected auto, kitty, sixel, iterm, blocks or off")
        #expect(mistake("poll-interval: 0.5") == "\(path):1: poll-interval: “0.5” is not; expected a number of 1 or more")
        #expect(mistake("poll-interval: soon") == "\(path):1: poll-interval: “soon” is not; expected a number of 1 or more")
        #expect(mistake("mouse: yes") == "\(path):1: mouse: “yes” is not; expected true or false")
        #expect(mistake("layout:") == "\(path):1: layout: has no value; expected grid or list")
        #expect(mistake("layout: [grid]") == "\(path):1: layout: is a list; expected grid or list")
        #expect(mistake("colors:\n  a: 1") == "\(path):2: colors: is a mapping; expected auto, true, 256, 16, 8 or none")
    }

    @Test("a key twice, broken YAML and a file that is not a mapping are each reported at their line")
    func structure() {
        let twice = mistake("layout: grid\nmouse: true\nlayout: list\n")
        #expect(twice?.hasPrefix("\(path):1: layout: set more than once") == true, "\(twice ?? "")")
        let broken = mistake("layout: grid\n  mouse: true\n")
        #expect(broken?.hasPrefix("\(path):2: is not valid YAML here:") == true, "\(broken ?? "")")
        let tab = mistake("servers:\n\tcourse: x\n")
        #expect(tab?.hasPrefix("\(path):2: is not valid YAML here:") == true, "\(tab ?? "")")
        #expect(mistake("- layout\n- grid\n") == "\(path):1: must be `key: value` lines (a YAML mapping)")
        #expect(mistake("[a, b]: grid") == "\(path):1: a key must be a word, not a list or a mapping")
    }

    @Test("named servers: a URL each, identifier with secret, known keys only; server names one or is a URL")
    func servers() {
        #expect(mistake("servers:\n  course:\n    uri: http://x.test\n") == "\(path):3: servers.course.uri: not a server setting (url, identifier or secret) — did you mean “url”?")
        #expect(mistake("servers:\n  course:\n    identifier: a\n") == "\(path):2: servers.course: has no `url:`")
        #expect(mistake("servers:\n  course:\n    url: market.test\n") == "\(path):3: servers.course.url: “market.test” is not an http or https URL such as http://127.0.0.1:8080")
        #expect(mistake("servers:\n  course:\n    url: http://x.test\n    secret: s\n") == "\(path):2: servers.course: identifier and secret go together")
        #expect(mistake("servers:\n  course: http://x.test\n") == "\(path):2: servers.course: must be a mapping with `url:` (and `identifier:`, `secret:`)")
        #expect(mistake("servers:\n  embedded:\n    url: http://x.test\n") == "\(path):2: embedded: is the embedded market's name; choose another")
        #expect((try? parse("server: https://market.test/")) != nil, "a URL needs no name")
        #expect((try? parse("server: embedded")) != nil)
    }

    @Test("text from the file is shown without its control characters")
    func printable() {
        #expect(mistake("\"la\\u001Byout\": grid") == "\(path):1: la␛yout: not a setting — did you mean “layout”?")
    }

    @Test("where the file is: --config, else OPENMARKET_CONFIG (empty: none), else the XDG place")
    func location() {
        let home = ["HOME": "/home/u"]
        #expect(SettingsFile.location(flag: nil, environment: home) == .usual("/home/u/.config/openmarket/config.yaml"))
        #expect(SettingsFile.location(flag: nil, environment: home.merging(["XDG_CONFIG_HOME": "/x"]) { $1 }) == .usual("/x/openmarket/config.yaml"))
        #expect(SettingsFile.location(flag: nil, environment: home.merging(["XDG_CONFIG_HOME": "rel"]) { $1 }) == .usual("/home/u/.config/openmarket/config.yaml"), "a relative XDG_CONFIG_HOME is ignored, as the spec says")
        #expect(SettingsFile.location(flag: nil, environment: home.merging(["OPENMARKET_CONFIG": "/s.yaml"]) { $1 }) == .named("/s.yaml"))
        #expect(SettingsFile.location(flag: nil, environment: home.merging(["OPENMARKET_CONFIG": ""]) { $1 }) == SettingsFile.Location.none)
        #expect(SettingsFile.location(flag: "/f.yaml", environment: home.merging(["OPENMARKET_CONFIG": "/s.yaml"]) { $1 }) == .named("/f.yaml"))
    }

    @Test("reading: the usual file may be missing; a named one may not; a directory, a non-UTF-8 or a huge file is said so")
    func reading() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("config.yaml").path
        #expect(try SettingsFile.load(.usual(missing), specs: LaunchSettings.specs) == Settings())
        #expect(throws: SettingsError(path: missing, problem: "no such file")) { try SettingsFile.load(.named(missing), specs: LaunchSettings.specs) }
        #expect(throws: SettingsError(path: directory.path, problem: "is a directory, not a settings file")) {
            try SettingsFile.load(.usual(directory.path), specs: LaunchSettings.specs)
        }
        let latin1 = directory.appendingPathComponent("latin1.yaml")
        try Data([0x6C, 0x61, 0x79, 0x6F, 0x75, 0x74, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        #expect(throws: SettingsError(path: latin1.path, problem: "is not UTF-8 text")) { try SettingsFile.load(.named(latin1.path), specs: LaunchSettings.specs) }
        let huge = directory.appendingPathComponent("huge.yaml")
        try Data(repeating: 0x23, count: (1 << 20) + 1).write(to: huge)
        #expect(throws: SettingsError(path: huge.path, problem: "is larger than 1 MB; is it the right file?")) { try SettingsFile.load(.named(huge.path), specs: LaunchSettings.specs) }
        let good = directory.appendingPathComponent("good.yaml")
        try Data("layout: list\n".utf8).write(to: good)
        #expect(try SettingsFile.load(.named(good.path), specs: LaunchSettings.specs)["layout"] == Settings.Entry(value: "list", line: 1))
    }

    @Test("a file the user may not read says so (skipped as root, who may read anything)", .enabled(if: geteuid() != 0))
    func unreadable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString).yaml")
        try Data("layout: list\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        chmod(file.path, 0)
        #expect(throws: SettingsError(path: file.path, problem: "cannot be read: permission denied")) { try SettingsFile.load(.named(file.path), specs: LaunchSettings.specs) }
    }

    @Test("the nearest name: swaps, a letter missing or extra; nothing when too far")
    func nearest() {
        let names = LaunchSettings.specs.map(\.name)
        #expect(NearestName.among(names, to: "lyaout") == "layout")
        #expect(NearestName.among(names, to: "picture") == "pictures")
        #expect(NearestName.among(names, to: "ASCII") == "ascii")
        #expect(NearestName.among(names, to: "zzz") == nil)
        #expect(NearestName.distance(Array("kitten"), Array("sitting")) == 3)
    }
}

@Suite("The file config init writes")
struct SettingsTemplateTests {
    /// The template with every setting's line uncommented (and the example server's).
    static var uncommented: String {
        SettingsTemplate.text(specs: LaunchSettings.specs).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("#   ") { return String(line.dropFirst(2)) }
            let body = line.dropFirst(2)
            let names = LaunchSettings.specs.map(\.name) + [SettingsFile.serversSection, SettingsFile.keysSection, SettingsFile.themesSection]
            if line.hasPrefix("# "), let colon = body.firstIndex(of: ":"), names.contains(String(body[..<colon])) { return String(body) }
            return String(line)
        }.joined(separator: "\n")
    }

    @Test("as written it sets nothing; uncommented, it sets every setting to its default and names a server")
    func template() throws {
        let text = SettingsTemplate.text(specs: LaunchSettings.specs)
        #expect(try SettingsFile.parse(text, path: "t.yaml", specs: LaunchSettings.specs) == Settings(path: "t.yaml"))
        let every = try LaunchFile.parse(Self.uncommented, path: "t.yaml").settings
        for spec in LaunchSettings.specs {
            #expect(every[spec.name]?.value == spec.defaultText, "\(spec.name)")
            #expect(text.contains("# \(spec.summary)\n# \(spec.name): \(spec.defaultText)\n"), "\(spec.name) is documented")
        }
        #expect(every.servers["course"]?.url == "http://127.0.0.1:8080" && every.servers["course"]?.secret != nil)
        #expect(every.keys.map(\.action) == ["move.down", "move.up", "form.submit"])
    }
}

import Foundation
import Localization
import Launch
import Settings
import Testing

/// The interface's language: `--lang`, `OPENMARKET_LANG`, the file's `lang`, the locale, English — `auto`
/// passing on to the locale at each of the first three.
@Suite("The language setting")
struct LanguageSettingTests {
    typealias Key = EnvironmentKey

    func language(
        _ option: String? = nil, environment: [String: String] = [:], file: String = ""
    ) throws -> Resolved<Language> {
        var options = LaunchOptions()
        options.set(.language, option)
        return try LaunchFile.parse(file, path: "/c.yaml").layers(options, environment: environment).resolve(.language)
    }

    @Test("each rank over the next, each with its origin")
    func ranks() throws {
        let korean = ["LANG": "ko_KR.UTF-8"]
        #expect(try language() == Resolved(.english, from: .standard))
        #expect(try language(environment: korean) == Resolved(.korean, from: .environment("LANG")))
        #expect(try language(environment: korean.merging(["LC_ALL": "C.UTF-8"]) { $1 }) == Resolved(.english, from: .environment("LC_ALL")))
        #expect(try language(environment: korean, file: "lang: en") == Resolved(.english, from: .file(path: "/c.yaml", line: 1)),
                "the file's own choice is over the locale every program shares")
        #expect(try language(environment: korean.merging([Key.lang: "ko"]) { $1 }, file: "lang: en") == Resolved(.korean, from: .environment(Key.lang)))
        #expect(try language("en", environment: korean.merging([Key.lang: "ko"]) { $1 }, file: "lang: ko") == Resolved(.english, from: .flag("--lang")))
    }

    @Test("auto at any rank passes on to the locale")
    func auto() throws {
        let korean = ["LANG": "ko_KR.UTF-8", Key.lang: "auto"]
        #expect(try language("auto", environment: korean, file: "lang: en\n").value == .english, "the file still speaks below an auto option")
        #expect(try language("auto", environment: korean, file: "lang: auto\n") == Resolved(.korean, from: .environment("LANG")))
    }

    @Test("a name it does not know is an error naming what it takes; the file's is one at its line")
    func mistakes() throws {
        let error = #expect(throws: InvalidSettingValue.self) { try language("kr") }
        #expect(error?.option == "--lang" && error?.allowed == "auto, en or ko" && error?.value == "kr")
        let environment = #expect(throws: InvalidSettingValue.self) { try language(environment: [Key.lang: "fr"]) }
        #expect(environment?.option == Key.lang)
        #expect(SettingsFileMistake.of("layout: list\nlang: kr")?.hasPrefix("c.yaml:2: lang:") == true)
    }
}

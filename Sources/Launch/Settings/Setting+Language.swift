public import Localization
import Settings

extension Setting where Value == Language {
    /// The interface's language. `auto` at any rank passes on to the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`),
    /// which ranks below the file: a language written in openmarket's own file is a choice for openmarket, a
    /// locale is for every program.
    public static let language = Setting(
        SettingSpec(
            name: "lang", kind: .choice(["auto", "en", "ko"]), defaultText: "auto",
            summary: "Language: auto (the locale: LC_ALL, LC_MESSAGES or LANG; ko_KR.UTF-8 is Korean), en or ko."),
        standard: .english, environment: [EnvironmentSource(EnvironmentKey.lang)], passesOn: ["auto"],
        fallback: { environment in
            Language.ofLocale(in: environment).map { Resolved($0.language ?? .english, from: .environment($0.variable)) }
        },
        parse: { text, _ throws(SettingRefusal) in
            guard let language = Language(name: text) else { throw SettingRefusal(allowed: "auto, en or ko") }
            return language
        },
        words: { $0.rawValue })
}

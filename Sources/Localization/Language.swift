import Foundation

/// The language every screen, hint, message and goodbye line is written in.
///
/// Chosen by the person, not by the host: `--lang`, `OPENMARKET_LANG`, the settings file's `lang`, or
/// the locale the person's own environment names (`LC_ALL`, `LC_MESSAGES`, `LANG`) — read as text, so
/// `ko_KR.UTF-8` gives Korean on a host that never generated that locale (a stock Debian host over SSH).
public enum Language: String, Sendable, Equatable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// The locale variables in the order POSIX consults them for messages: the first one set decides.
    public static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// A language by its code or name: `en`, `english`, `ko`, `korean`, `한국어`; nil for any other.
    public init?(name: String) {
        switch name.trimmingCharacters(in: .whitespaces).lowercased() {
        case "en", "english", "eng": self = .english
        case "ko", "korean", "kor", "한국어": self = .korean
        default: return nil
        }
    }

    /// The language a locale name asks for: `ko_KR.UTF-8`, `ko_KR`, `ko` → Korean; every other language
    /// (without a catalog) → English; nil for `C` and `POSIX` (`C.UTF-8` too), which name no language.
    public init?(locale: String) {
        let language = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        if language == "c" || language == "posix" { return nil }
        self = language == "ko" ? .korean : .english
    }

    /// The locale variable that decides the language of messages — the first of `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` that is set and not empty — and the language it names (nil for `C` or `POSIX`: no
    /// language, the caller's default applies); nil when none is set.
    public static func ofLocale(in environment: [String: String]) -> (language: Language?, variable: String)? {
        for name in localeVariables {
            if let value = environment[name], !value.isEmpty { return (Language(locale: value), name) }
        }
        return nil
    }

    /// The words of `phrase` in this language.
    public func text(_ phrase: Phrase) -> String {
        switch self {
        case .english: phrase.english
        case .korean: phrase.korean
        }
    }
}

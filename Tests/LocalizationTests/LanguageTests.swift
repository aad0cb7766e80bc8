import Testing

@testable import Localization

@Suite("Choosing the language from names and locales")
struct LanguageTests {
    @Test("a locale's language: ko in any territory, codeset or modifier is Korean; C and POSIX none; everything else English")
    func locales() {
        for korean in ["ko_KR.UTF-8", "ko_KR.utf8", "ko_KR", "ko", "ko_KR.eucKR", "ko_KR@latin", "KO_KR.UTF-8"] {
            #expect(Language(locale: korean) == .korean, "\(korean)")
        }
        for english in ["en_US.UTF-8", "de_DE.UTF-8", "kok_IN", "", "k"] {
            #expect(Language(locale: english) == .english, "\(english)")
        }
        for none in ["C", "C.UTF-8", "C.utf8", "POSIX"] {
            #expect(Language(locale: none) == nil, "\(none)")
        }
    }

    @Test("POSIX's order: LC_ALL, then LC_MESSAGES, then LANG; an empty one is not set; none at all is nil")
    func order() {
        #expect(Language.ofLocale(in: ["LANG": "ko_KR.UTF-8"])! == (.korean, "LANG"))
        let c = Language.ofLocale(in: ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "C"])
        #expect(c?.language == nil && c?.variable == "LC_MESSAGES", "C decides, naming no language")
        #expect(Language.ofLocale(in: ["LANG": "C", "LC_MESSAGES": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"])! == (.korean, "LC_ALL"))
        #expect(Language.ofLocale(in: ["LC_ALL": "", "LANG": "ko_KR.UTF-8"])! == (.korean, "LANG"))
        #expect(Language.ofLocale(in: ["LC_CTYPE": "ko_KR.UTF-8"]) == nil, "LC_CTYPE is characters, not messages")
        #expect(Language.ofLocale(in: [:]) == nil)
    }

    @Test("names --lang and the settings file take")
    func names() {
        #expect(Language(name: "ko") == .korean && Language(name: " Korean ") == .korean && Language(name: "한국어") == .korean)
        #expect(Language(name: "en") == .english && Language(name: "ENGLISH") == .english)
        #expect(Language(name: "kr") == nil && Language(name: "") == nil && Language(name: "auto") == nil)
    }
}

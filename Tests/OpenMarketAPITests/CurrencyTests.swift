import Foundation
import OpenMarketAPI
import Testing

@Suite("Currency: known codes and unknown ones")
struct CurrencyTests {
    private func decode(_ json: String) throws -> Currency {
        try JSONDecoder().decode([Currency].self, from: Data("[\(json)]".utf8))[0]
    }

    @Test("KRW and USD decode as themselves, in any letter case")
    func known() throws {
        #expect(try decode("\"KRW\"") == .krw)
        #expect(try decode("\"USD\"") == .usd)
        #expect(try decode("\"usd\"") == .usd)
    }

    @Test("an unknown code decodes as .other and keeps its spelling")
    func unknown() throws {
        #expect(try decode("\"EUR\"") == .other("EUR"))
        #expect(try decode("\"\"") == .other(""))
        #expect(Currency.other("EUR").code == "EUR")
    }

    @Test("codes are what the API writes")
    func codes() {
        #expect(Currency.krw.code == "KRW")
        #expect(Currency.usd.code == "USD")
        #expect(Currency(code: "krw") == .krw)
        #expect("\(Currency.usd)" == "USD")
    }

    @Test("a number is not a currency")
    func wrongType() {
        #expect(throws: DecodingError.self) { try decode("840") }
    }
}

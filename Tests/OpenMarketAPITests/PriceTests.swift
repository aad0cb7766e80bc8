import Foundation
@testable import OpenMarketAPI
import Testing

@Suite("Price: exact decoding and formatting")
struct PriceTests {
    private struct Holder: Decodable {
        var price: Price
    }

    private func decode(_ number: String) throws -> Decimal {
        try JSONDecoder().decode(Holder.self, from: Data("{\"price\": \(number)}".utf8)).price.amount
    }

    @Test(
        "JSON ints, fractions and exponent form decode to the exact decimal",
        arguments: [
            ("12000", "12000"), ("2.36", "2.36"), ("0.1", "0.1"), ("1.2345555E7", "12345555"),
            ("1.2345555e7", "12345555"), ("1e3", "1000"), ("25.0", "25"), ("0", "0"), ("1.5e-3", "0.0015"),
            ("0.30000000000000004", "0.30000000000000004"), ("123456789.123456789", "123456789.123456789"),
        ])
    func exactDecoding(json: String, expected: String) throws {
        #expect(try decode(json) == decimal(expected))
    }

    @Test("2.36 is not the binary double nearest to it")
    func noBinaryLoss() throws {
        let amount = try decode("2.36")
        #expect(amount == Decimal(sign: .plus, exponent: -2, significand: 236))
        #expect(amount.description == "2.36")
    }

    @Test("a string, a boolean or null is not a price")
    func refusesNonNumbers() {
        for json in ["\"12000\"", "true", "null", "[]"] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(json) }
        }
    }

    @Test(
        "KRW: won sign, no decimals, grouping commas",
        arguments: [
            ("12000", "₩12,000"), ("0", "₩0"), ("999", "₩999"), ("1000", "₩1,000"),
            ("12345555", "₩12,345,555"), ("1234.5", "₩1,235"), ("1234.4", "₩1,234"), ("-1500", "-₩1,500"),
        ])
    func won(amount: String, expected: String) {
        #expect(Price(decimal(amount)).formatted(.krw) == expected)
    }

    @Test(
        "USD: dollar sign, always two decimals, grouping commas",
        arguments: [
            ("2.36", "$2.36"), ("1234.5", "$1,234.50"), ("0", "$0.00"), ("25", "$25.00"),
            ("0.005", "$0.01"), ("1234567.891", "$1,234,567.89"), ("-2.5", "-$2.50"), ("100", "$100.00"),
        ])
    func dollars(amount: String, expected: String) {
        #expect(Price(decimal(amount)).formatted(.usd) == expected)
    }

    @Test(
        "the whole-number path writes what the rounding path writes, and declines what it cannot write exactly",
        arguments: [
            ("2.36", 2, "2.36"), ("1234.5", 2, "1,234.50"), ("0", 2, "0.00"), ("25", 0, "25"), ("1e3", 0, "1,000"),
            ("999999999999999", 0, "999,999,999,999,999"), ("0.05", 2, "0.05"), ("12000", 2, "12,000.00"),
        ])
    func exactDigits(amount: String, fractionDigits: Int, expected: String) {
        #expect(Price.exactDigits(of: decimal(amount), fractionDigits: fractionDigits) == expected)
    }

    @Test(
        "amounts that need rounding, or are too large or negative, take the rounding path",
        arguments: [("1234.5", 0), ("0.005", 2), ("1234567.891", 2), ("1000000000000000", 0), ("-2.5", 2)])
    func inexactDigits(amount: String, fractionDigits: Int) {
        #expect(Price.exactDigits(of: decimal(amount), fractionDigits: fractionDigits) == nil)
    }

    @Test("other currencies: the plain amount and the code")
    func otherCurrency() {
        #expect(Price(decimal("12.5")).formatted(.other("EUR")) == "12.5 EUR")
        #expect(Price(decimal("12000")).formatted(.other("JPY")) == "12000 JPY")
        #expect(Price(decimal("3")).formatted(.other("")) == "3")
    }

    @Test("prices compare by amount")
    func comparable() {
        #expect(Price(decimal("2.36")) < Price(decimal("2.37")))
        #expect(Price(decimal("10")) > Price(decimal("9.99")))
        #expect(Price(decimal("25.0")) == Price(25))
        #expect([Price(3), Price(1), Price(2)].sorted() == [Price(1), Price(2), Price(3)])
    }
}

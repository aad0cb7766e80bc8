import Foundation
import OpenMarketAPI
import Testing

@Suite("APITimestamp: the three date forms of the API, all UTC")
struct APITimestampTests {
    @Test("yyyy-MM-dd'T'HH:mm:ss, as our server sends it")
    func plainForm() {
        #expect(APITimestamp.date(from: "2022-11-15T00:00:00") == utc(2022, 11, 15))
        #expect(APITimestamp.date(from: "2022-11-15T09:30:15") == utc(2022, 11, 15, 9, 30, 15))
        #expect(APITimestamp.date(from: "1970-01-01T00:00:00") == Date(timeIntervalSince1970: 0))
    }

    @Test("a fraction of any length after the seconds")
    func fraction() throws {
        #expect(APITimestamp.date(from: "2022-01-04T00:00:00.00") == utc(2022, 1, 4))
        let precise = try #require(APITimestamp.date(from: "2022-01-04T12:34:56.123456"))
        #expect(abs(precise.timeIntervalSince(utc(2022, 1, 4, 12, 34, 56)) - 0.123456) < 1e-6)
        let tenth = try #require(APITimestamp.date(from: "2022-01-04T12:34:56.5"))
        #expect(abs(tenth.timeIntervalSince(utc(2022, 1, 4, 12, 34, 56)) - 0.5) < 1e-9)
    }

    @Test("the older yyyy-MM-dd HH:mm:ss.SSS form, and a space without a fraction")
    func spaceForm() throws {
        #expect(APITimestamp.date(from: "2021-12-29 00:00:00.000") == utc(2021, 12, 29))
        let date = try #require(APITimestamp.date(from: "2021-12-29 13:14:15.250"))
        #expect(abs(date.timeIntervalSince(utc(2021, 12, 29, 13, 14, 15)) - 0.25) < 1e-9)
        #expect(APITimestamp.date(from: "2021-12-29 13:14:15") == utc(2021, 12, 29, 13, 14, 15))
    }

    @Test("leap days, year ends and dates before 1970 land on the right instant")
    func calendarEdges() {
        #expect(APITimestamp.date(from: "2024-02-29T23:59:59") == utc(2024, 2, 29, 23, 59, 59))
        #expect(APITimestamp.date(from: "2000-02-29T00:00:00") == utc(2000, 2, 29))
        #expect(APITimestamp.date(from: "1999-12-31T23:59:59") == utc(1999, 12, 31, 23, 59, 59))
        #expect(APITimestamp.date(from: "1969-07-20T20:17:40") == utc(1969, 7, 20, 20, 17, 40))
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "2022-11-15", "2022/11/15 00:00", "2022-11-15T00:00", "2022-11-15T00:00:00Z",
            "2022-11-15T00:00:00+09:00", "2022-11-15T00:00:00.", "2022-11-15T00:00:00.1a", "2022-13-01T00:00:00",
            "2022-02-29T00:00:00", "1900-02-29T00:00:00", "2022-04-31T00:00:00", "2022-11-15T24:00:00",
            "2022-11-15T23:60:00", "2022-11-15T23:59:60", "2022-11-15X00:00:00", "２０２２-11-15T00:00:00",
            "2022-1-15T00:00:00 ", " 2022-11-15T00:00:00", "abcd-ef-ghTij:kl:mn",
        ])
    func refuses(_ text: String) {
        #expect(APITimestamp.date(from: text) == nil, "accepted \(text)")
    }
}

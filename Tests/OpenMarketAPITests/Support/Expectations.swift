import Foundation
import OpenMarketAPI
import Testing

/// The `OpenMarketError` `body` throws, or nil when it returns. Any other error is recorded as an issue.
func failure<Value>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Value
) async -> OpenMarketError? {
    do {
        _ = try await body()
        return nil
    } catch let error as OpenMarketError {
        return error
    } catch {
        Issue.record("threw \(error), not an OpenMarketError", sourceLocation: sourceLocation)
        return nil
    }
}

/// An instant given in UTC, built by Foundation's calendar (not by the parser under test).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)!
}

/// An exact decimal from its text (a `Double` literal would not be exact).
func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
}

/// The text of bytes, with CR and LF shown, for readable failure messages.
func visible(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r", with: "\\r")
        .replacingOccurrences(of: "\n", with: "\\n\n")
}

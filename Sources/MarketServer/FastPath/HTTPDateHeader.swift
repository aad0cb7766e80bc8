import NIOConcurrencyHelpers
import Foundation

/// The `Date` header value (IMF-fixdate, `Sun, 22 Nov 2026 00:37:39 GMT`), formatted once a second.
///
/// Formatted by hand in English whatever the process locale is: the browser sets the user's locale
/// for ncurses, and the embedded server runs in that process.
final class HTTPDateHeader: Sendable {
    private struct Stamp {
        var second = Int.min
        var text = ""
    }

    private let stamp = NIOLockedValueBox(Stamp())
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// The header value for the current second.
    var current: String {
        let second = Int(now().timeIntervalSince1970.rounded(.down))
        return stamp.withLockedValue { stamp in
            if stamp.second != second {
                stamp.second = second
                stamp.text = Self.format(second)
            }
            return stamp.text
        }
    }

    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate for seconds since 1970 (proleptic Gregorian, UTC).
    static func format(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        // Howard Hinnant's days-to-civil.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = Self.days[((days % 7) + 7) % 7]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekday), \(two(day)) \(Self.months[month - 1]) \(year) "
            + "\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) GMT"
    }
}

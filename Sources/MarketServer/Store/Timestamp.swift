import Foundation

/// Formats instants the way API.md sends them: `yyyy-MM-dd'T'HH:mm:ss`, UTC, no zone.
enum Timestamp {
    static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ n: Int32, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
    }

    /// `yyyyMMdd`, UTC: the folder of a day's pictures.
    static func day(_ date: Date) -> String {
        String(string(date).prefix(10).filter { $0 != "-" })
    }
}

import Foundation

/// The open-file limit of a server process: raised from the soft limit to the hard one at start (many systems
/// give 1,024 soft and far more hard), since every session and connection holds descriptors.
enum OpenFileLimit {
    /// Raises the soft limit to the hard one (at most 1,048,576); returns the limit in force.
    @discardableResult
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 1 << 20)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(wanted) }
        }
        return Int(clamping: limit.rlim_cur)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (clamped to `Int64`), as swift-metrics' timers take it.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? (seconds < 0 ? .min : .max)
            : Int64(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

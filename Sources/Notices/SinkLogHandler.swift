public import Logging
import Untrusted

/// A swift-log handler that formats a plain line (time, level, label, message, metadata) into a `LogSink`.
public struct SinkLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    let label: String
    let sink: LogSink

    public init(label: String, sink: LogSink) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = event.message.description
        let extra = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        // The request id Hummingbird attaches to every line is noise in an access log.
        for (key, value) in extra where key != "hb.request.id" {
            line += " \(key)=\(value)"
        }
        // One event, one line, nothing that acts on a terminal: whatever a value brought from outside (a visitor's
        // user name, a path, an error's text), its control characters are shown, never written.
        sink.append(level: event.level.rawValue, label: label, message: UntrustedText.shown(line), urgent: event.level >= .warning)
    }
}

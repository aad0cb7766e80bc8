import Logging
import Notices

/// Makes the process's loggers: plain lines on standard error, written in batches, never on standard output.
struct LoggerFactory {
    let sink = LogSink(descriptor: 2)

    func make(label: String, level: String) -> Logger {
        var logger = Logger(label: label) { SinkLogHandler(label: $0, sink: sink) }
        logger.logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        return logger
    }
}

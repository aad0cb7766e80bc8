import Logging

/// Makes the process's loggers: plain lines on standard error, never on standard output.
enum LoggerFactory {
    static func make(label: String, level: String) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        return logger
    }
}

/// Where a setting's value came from, for `openmarket config show` and for the log.
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    /// A command-line option.
    case flag(String)
    /// An environment variable.
    case environment(String)
    /// A line of the settings file.
    case file(path: String, line: Int)
    /// Nobody said: the default.
    case standard
    /// Left so at the last exit (the remembered choices' file).
    case remembered(path: String)

    public var description: String {
        switch self {
        case .flag(let option): "option \(option)"
        case .environment(let key): "environment \(key)"
        case .file(let path, let line): "\(path):\(line)"
        case .standard: "default"
        case .remembered(let path): "remembered (\(path))"
        }
    }
}

import Untrusted

/// A value an option or an environment variable gave that is not one its setting takes.
public struct InvalidSettingValue: Error, Equatable, Sendable, CustomStringConvertible {
    /// The option or the variable, as the user wrote it.
    public var option: String
    /// What it takes.
    public var allowed: String
    /// What it was given, as given (untrusted: `description` shows it printable).
    public var value: String

    public init(option: String, allowed: String, value: String) {
        self.option = option
        self.allowed = allowed
        self.value = value
    }

    /// One line for the command line: `--colors must be …, not “…”`.
    public var description: String { "\(option) must be \(allowed), not \(UntrustedText.shown(value, limit: 32))" }
}

/// A market named in the settings file (`servers: course: url: …`), chosen with `server: course` or
/// `--server course`; its identity, when given, is the one used for writes there.
public struct NamedServer: Sendable, Equatable {
    /// The name it goes by.
    public var name: String
    /// Where it is.
    public var url: String
    /// A vendor's identifier and secret for writes, both or neither.
    public var identifier: String?
    public var secret: String?
    /// The line of its name in the file.
    public var line: Int

    public init(name: String, url: String, identifier: String? = nil, secret: String? = nil, line: Int) {
        self.name = name
        self.url = url
        self.identifier = identifier
        self.secret = secret
        self.line = line
    }

    /// The keys a named server takes.
    public static let keys = ["url", "identifier", "secret"]
}

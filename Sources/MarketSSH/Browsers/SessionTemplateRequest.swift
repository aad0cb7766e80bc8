import Foundation

/// What the front asks its session template for, one message per visitor: the browser's arguments and its
/// whole environment (the template's own is not passed on), with the visitor's terminal and the first-page
/// report's descriptor travelling beside it (SCM_RIGHTS).
///
/// On the wire: NUL-terminated fields — the format's version, the number of arguments, the arguments, the
/// number of variables, each `NAME=value`, and the number the inherited descriptor takes in the browser
/// (`-1` for none). The template trusts nothing it did not check: a message of another shape, over
/// `mostBytes`, or with more than `mostFields` arguments or variables is refused and no browser starts.
public struct SessionTemplateRequest: Sendable, Equatable {
    /// The browser's arguments, without the program's name (`browse`, `--server`, …).
    public var arguments: [String]
    /// The browser's whole environment.
    public var environment: [String: String]
    /// The number the inherited descriptor (the first-page report's pipe) takes in the browser; nil for none.
    public var inheritedAs: Int32?

    public init(arguments: [String], environment: [String: String], inheritedAs: Int32?) {
        self.arguments = arguments
        self.environment = environment
        self.inheritedAs = inheritedAs
    }

    /// The largest message: a browser's environment is about a kilobyte.
    public static let mostBytes = 64 << 10
    /// The most arguments, and the most variables.
    public static let mostFields = 256
    static let version = "openmarket-template-1"

    /// The message's bytes; nil when it would be refused on the other side (too large, a NUL in a field, a
    /// variable's name empty or with `=`).
    public var encoded: [UInt8]? {
        guard arguments.count <= Self.mostFields, environment.count <= Self.mostFields else { return nil }
        var fields = [Self.version, String(arguments.count)] + arguments + [String(environment.count)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, !name.contains("=") else { return nil }
            fields.append("\(name)=\(value)")
        }
        fields.append(String(inheritedAs ?? -1))
        var bytes: [UInt8] = []
        for field in fields {
            guard !field.utf8.contains(0) else { return nil }
            bytes += field.utf8
            bytes.append(0)
        }
        return bytes.count <= Self.mostBytes ? bytes : nil
    }

    /// The request `bytes` carry; nil for anything `encoded` does not write.
    public init?(decoding bytes: some BidirectionalCollection<UInt8>) {
        guard bytes.count <= Self.mostBytes, bytes.last == 0 else { return nil }
        var fields = bytes.dropLast().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }[...]
        func count() -> Int? {
            guard let text = fields.popFirst(), let number = Int(text), (0...Self.mostFields).contains(number), number <= fields.count else {
                return nil
            }
            return number
        }
        guard fields.popFirst() == Self.version, let argumentCount = count() else { return nil }
        let arguments = Array(fields.prefix(argumentCount))
        fields = fields.dropFirst(argumentCount)
        guard let variableCount = count() else { return nil }
        var environment: [String: String] = [:]
        for field in fields.prefix(variableCount) {
            guard let equals = field.firstIndex(of: "="), equals != field.startIndex else { return nil }
            let name = String(field[..<equals])
            guard environment[name] == nil else { return nil }
            environment[name] = String(field[field.index(after: equals)...])
        }
        fields = fields.dropFirst(variableCount)
        guard fields.count == 1, let inherited = fields.first.flatMap({ Int32($0) }), inherited == -1 || (3...1023).contains(inherited) else {
            return nil
        }
        self.init(arguments: arguments, environment: environment, inheritedAs: inherited == -1 ? nil : inherited)
    }
}

/// One HTTP header field. Requests and responses keep them as an ordered list.
public struct HTTPHeader: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var value: String

    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}

extension [HTTPHeader] {
    /// The value of the first header named `name`, compared case-insensitively.
    public func value(for name: String) -> String? {
        first { HTTPHeader.sameName($0.name, name) }?.value
    }
}

extension HTTPHeader {
    /// Header names compare ASCII-case-insensitively.
    static func sameName(_ a: String, _ b: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }
}

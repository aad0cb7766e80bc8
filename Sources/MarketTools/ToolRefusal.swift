/// Why a tool's arguments cannot be taken, in one line naming the argument.
public struct ToolRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A setting's value and where it came from.
public struct Resolved<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var origin: SettingOrigin

    public init(_ value: Value, from origin: SettingOrigin) {
        self.value = value
        self.origin = origin
    }
}

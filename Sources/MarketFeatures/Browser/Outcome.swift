/// What a feature did with a key, a click or an event it was offered: it was not the feature's (the
/// offer goes on — to the browser's own keys, or the layer below), or the feature took it and asks for
/// `effects` (often none). Every feature answers with this: the catalog, each presented feature, and
/// the stack that routes events to them.
public enum Outcome<Effect: Sendable & Equatable>: Sendable, Equatable {
    /// Not the feature's: nothing changed.
    case notMine
    /// Taken; what the feature asks for next.
    case handled([Effect])

    /// What was asked for: none when it was not the feature's.
    public var effects: [Effect] {
        switch self {
        case .notMine: []
        case .handled(let effects): effects
        }
    }

    /// The same outcome with each effect turned into the caller's vocabulary.
    public func map<Other>(_ transform: (Effect) -> Other) -> Outcome<Other> {
        switch self {
        case .notMine: .notMine
        case .handled(let effects): .handled(effects.map(transform))
        }
    }
}

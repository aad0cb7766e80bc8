/// What a feature did with a key, a click or an event it was offered: it was not the feature's (the
/// offer goes on — to the browser's own keys, or the layer below), or the feature took it and asks for
/// `effects` (often none). Every feature answers with this: the catalog, each presented feature, and
/// the stack that routes events to them.
public enum Outcome<Effect: Sendable & Equatable>: Sendable, Equatable {
    /// Not the feature's: nothing changed.
    case notMine
    /// Taken; what the feature asks for next.
    case handled([Effect])
}

extension Outcome {
    /// The same outcome with each effect told in the parent's words (`.notMine` stays so).
    public func map<Other: Sendable & Equatable>(_ transform: (Effect) -> Other) -> Outcome<Other> {
        switch self {
        case .notMine: .notMine
        case .handled(let effects): .handled(effects.map(transform))
        }
    }
}

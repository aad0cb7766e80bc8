public import TerminalUI

/// Which keys do what, in each place: the defaults, with any action given keys of its own by the settings
/// file (its keys then replace the defaults). Handlers ask it for the action a key means; help and the hint
/// line ask it for an action's keys, so they show the user's keys, not the defaults.
public struct Keymap: Sendable, Equatable {
    /// Each action's keys, first the one hints show.
    public private(set) var keys: [KeyAction: [KeyEvent]]
    private var actions: [KeyContext: [KeyEvent: KeyAction]]

    /// A key given to two actions that are looked at together.
    public struct Conflict: Error, Sendable, Equatable {
        public var key: KeyEvent
        /// The action whose keys were given, and the one that already has the key.
        public var action: KeyAction
        public var holder: KeyAction
    }

    /// The defaults.
    public static let standard = try! Keymap(bindings: [:])

    /// The defaults with `bindings` replacing the keys of the actions they name.
    public init(bindings: [KeyAction: [KeyEvent]]) throws(Conflict) {
        keys = [:]
        for action in KeyAction.allCases {
            keys[action] = bindings[action] ?? action.defaultKeys.map { KeyName.key($0)! }
        }
        actions = [:]
        // The actions the settings name first, so that a conflict names the given action against the holder.
        let order = KeyAction.allCases.filter { bindings[$0] != nil } + KeyAction.allCases.filter { bindings[$0] == nil }
        for action in order {
            for key in keys[action]! {
                for context in [action.context] + action.context.sharesKeysWith {
                    if let holder = actions[context]?[key], holder != action {
                        // Name the action the settings gave keys to, against the one that has the key.
                        throw bindings[holder] != nil && bindings[action] == nil
                            ? Conflict(key: key, action: holder, holder: action) : Conflict(key: key, action: action, holder: holder)
                    }
                }
                actions[action.context, default: [:]][key] = action
            }
        }
    }

    /// The action `key` means in `context`, if any.
    public func action(for key: KeyEvent, in context: KeyContext) -> KeyAction? {
        actions[context]?[key]
    }

    /// The first key of `action`, as the hint line shows it ("" when it has none).
    public func hint(_ action: KeyAction) -> String {
        keys[action]?.first.map(KeyName.short) ?? ""
    }

    /// The first `count` keys of `action`, as the hint line shows them ("n Esc").
    public func hints(_ action: KeyAction, count: Int, separator: String = " ") -> String {
        (keys[action] ?? []).prefix(count).map(KeyName.short).joined(separator: separator)
    }

    /// Every key of `actions`, each once, two spaces apart ("q  Esc  Bksp"), as many as fit in `width`
    /// (always the first).
    public func union(_ actions: [KeyAction], width: Int = 14) -> String {
        var seen: [KeyEvent] = []
        for key in actions.flatMap({ keys[$0] ?? [] }) where !seen.contains(key) { seen.append(key) }
        var label = ""
        for key in seen {
            let next = label.isEmpty ? KeyName.label(key) : label + "  " + KeyName.label(key)
            guard label.isEmpty || next.count <= width else { break }
            label = next
        }
        return label
    }

    /// The keys of `actions` as help lists them: the first key of each, then the second of each …, groups
    /// two spaces apart ("↑ ↓  k j"), as many groups as fit in `width` (always the first).
    public func label(_ actions: [KeyAction], width: Int = 14) -> String {
        let lists = actions.map { keys[$0] ?? [] }
        let depth = lists.map(\.count).max() ?? 0
        var label = ""
        for position in 0..<depth {
            let group = lists.compactMap { position < $0.count ? KeyName.label($0[position]) : nil }.joined(separator: " ")
            let next = label.isEmpty ? group : label + "  " + group
            guard label.isEmpty || next.count <= width else { break }
            label = next
        }
        return label
    }
}

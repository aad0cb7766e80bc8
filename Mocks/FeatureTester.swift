/// Drives a feature as the runtime does — one event at a time — and checks each step exhaustively: the
/// test states the whole change it expects of the state and every effect, and anything else, a field
/// nobody mentioned included, is a failure, reported with the lines of the state that differ.
///
/// It knows no test library: `fail` reports (the test target passes one that records an issue at the
/// call's source location).
public struct FeatureTester<State: Equatable, Event, Effect: Equatable> {

    /// The state after the last step.
    public private(set) var state: State
    private let reduce: (inout State, Event) -> [Effect]
    private let fail: (String, StepLocation) -> Void

    /// A tester of `reduce` starting at `state`.
    public init(
        _ state: State, reduce: @escaping (inout State, Event) -> [Effect], fail: @escaping (String, StepLocation) -> Void
    ) {
        self.state = state
        self.reduce = reduce
        self.fail = fail
    }

    /// Sends `event`; the state must then be the old one changed by `change`, and the effects exactly
    /// `effects` (none by default).
    public mutating func send(
        _ event: Event, effects: [Effect] = [], _ change: (inout State) -> Void = { _ in },
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let reduce = reduce
        step(
            "\(event)", effects: effects, change, fileID: fileID, filePath: filePath, line: line, column: column
        ) { reduce(&$0, event) }
    }

    /// One step that is not an event of `reduce` — an answer a feature takes through a method of its own —
    /// checked as `send` checks an event: `act` must change the state exactly by `change` and return exactly
    /// `effects`. `what` names the step in a failure.
    public mutating func step(
        _ what: String, effects: [Effect] = [], _ change: (inout State) -> Void = { _ in },
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        act: (inout State) -> [Effect]
    ) {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var expected = state
        change(&expected)
        let actual = act(&state)
        if actual != effects {
            fail("effects of \(what):\n" + Self.difference(expected: effects, actual: actual), location)
        }
        if state != expected {
            fail("state after \(what) (− expected, + actual):\n" + Self.difference(expected: expected, actual: state), location)
            state = expected  // the next step starts from what the test believes, so one mistake fails once
        }
    }

    /// The lines of two values' dumps that differ, as `− expected` and `+ actual`, with their paths' context.
    static func difference<T>(expected: T, actual: T) -> String {
        var left = "", right = ""
        dump(expected, to: &left)
        dump(actual, to: &right)
        let old = left.split(separator: "\n", omittingEmptySubsequences: false)
        let new = right.split(separator: "\n", omittingEmptySubsequences: false)
        let changes = new.difference(from: old)
        let lines =
            changes.removals.map { change -> (Int, String) in
                guard case .remove(let offset, let line, _) = change else { return (0, "") }
                return (offset, "− " + line)
            }.sorted { $0.0 < $1.0 }.map(\.1)
            + changes.insertions.map { change -> (Int, String) in
                guard case .insert(let offset, let line, _) = change else { return (0, "") }
                return (offset, "+ " + line)
            }.sorted { $0.0 < $1.0 }.map(\.1)
        return lines.isEmpty ? "(the same dump: a difference \(T.self)'s == sees and its fields do not show)" : lines.joined(separator: "\n")
    }
}

/// Where a tester's step was written, for its failure.
public struct StepLocation: Sendable {
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int
}

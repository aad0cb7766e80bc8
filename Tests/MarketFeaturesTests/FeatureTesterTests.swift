import Mocks
import Testing

/// The tester itself must fail on what a step did not state, or the tests written with it prove nothing.
@Suite("The exhaustive feature tester")
struct FeatureTesterTests {
    struct Counter: Equatable {
        var count = 0
        var label = ""
    }

    /// A feature that adds its event to the count, renames itself past 2, and asks for the new count.
    static func tester(_ failures: Failures) -> FeatureTester<Counter, Int, Int> {
        FeatureTester(Counter(), reduce: { state, event in
            state.count += event
            if state.count > 2 { state.label = "many" }
            return [state.count]
        }) { message, _ in failures.messages.append(message) }
    }

    final class Failures: @unchecked Sendable {
        var messages: [String] = []
    }

    @Test("a step that states the whole change and the effects passes")
    func exact() {
        let failures = Failures()
        var tester = Self.tester(failures)
        tester.send(1, effects: [1]) { $0.count = 1 }
        #expect(failures.messages.isEmpty)
        #expect(tester.state == Counter(count: 1))
    }

    @Test("a change nobody stated fails, naming the field with its expected and actual values; so do other effects")
    func unstated() {
        let failures = Failures()
        var tester = Self.tester(failures)
        tester.send(3, effects: [3]) { $0.count = 3 }
        #expect(failures.messages.count == 1)
        #expect(failures.messages.first?.contains("− ") == true && failures.messages.first?.contains("+ ") == true)
        #expect(failures.messages.first?.contains("label: \"many\"") == true, "\(failures.messages)")
        tester.send(1, effects: []) {
            $0.count = 4
            $0.label = "many"
        }
        #expect(failures.messages.count == 2 && failures.messages[1].hasPrefix("effects of 1"), "\(failures.messages)")
    }
}

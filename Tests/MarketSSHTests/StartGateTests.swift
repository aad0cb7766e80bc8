import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import MarketSSH

/// The start gate: how many browsers start at once, and who starts next.
@Suite("Browsers starting at once (StartGate)")
struct StartGateTests {
    /// Which sessions started, in order, with their tickets.
    final class Started: Sendable {
        private let box = NIOLockedValueBox([(name: String, ticket: StartGate.Ticket)]())
        var names: [String] { box.withLockedValue { $0.map(\.name) } }
        func ticket(_ name: String) -> StartGate.Ticket? { box.withLockedValue { $0.first { $0.name == name }?.ticket } }
        func enter(_ gate: StartGate, _ name: String) -> Bool {
            gate.enter { ticket in self.box.withLockedValue { $0.append((name, ticket)) } }
        }
    }

    @Test("two start at once; the rest wait in arrival order, each for a place to be given up; leaving twice gives up one")
    func order() {
        let gate = StartGate(limit: 2)
        let started = Started()
        #expect(started.enter(gate, "a") && started.enter(gate, "b"))
        #expect(!started.enter(gate, "c") && !started.enter(gate, "d") && !started.enter(gate, "e"))
        #expect(started.names == ["a", "b"])
        #expect(gate.counts == (2, 3))

        started.ticket("a")?.leave()
        #expect(started.names == ["a", "b", "c"], "the first waiting takes the place")
        started.ticket("a")?.leave()
        #expect(started.names == ["a", "b", "c"], "a second leave gives up nothing more")
        started.ticket("c")?.leave()
        #expect(started.names == ["a", "b", "c", "d"], "a place given up by one that waited passes on too")
        #expect(gate.counts == (2, 1))

        started.ticket("b")?.leave()
        started.ticket("d")?.leave()
        started.ticket("e")?.leave()
        #expect(started.names == ["a", "b", "c", "d", "e"])
        #expect(gate.counts == (0, 0), "all places free again")
        #expect(started.enter(gate, "f"), "and the next starts at once")
    }

    @Test("a browser's first page report, or its exit, gives up its place")
    func firstPageLeaves() throws {
        let gate = StartGate(limit: 1)
        let started = Started()
        let reports = FirstPageReports(writeEnd: -1, metrics: SSHMetrics())
        #expect(started.enter(gate, "a"))
        #expect(!started.enter(gate, "b") && !started.enter(gate, "c"))
        reports.expect(101, since: .now, start: try #require(started.ticket("a")))
        #expect(reports.received("first-page 999") == false, "another browser's report frees nothing")
        #expect(started.names == ["a"])
        #expect(reports.received("first-page 101"))
        #expect(started.names == ["a", "b"])
        reports.expect(102, since: .now, start: try #require(started.ticket("b")))
        reports.forget(102)
        #expect(started.names == ["a", "b", "c"], "a browser that exited before its first page gives up its place")
    }
}

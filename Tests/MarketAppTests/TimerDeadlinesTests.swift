import Testing

@testable import MarketApp

@Suite("Timer deadlines")
struct TimerDeadlinesTests {
    /// What `next` said, in words a test can compare.
    static func said(_ next: TimerDeadlines<String, String>.Next) -> String {
        switch next {
        case .wait(let left): "wait \(left)"
        case .fire(let event): "fire \(event)"
        case .end: "end"
        }
    }

    @Test("a later deadline for a key whose task waits moves that task's deadline and takes over its event; it fires once, at the later time")
    func laterDeadlineMoves() {
        let deadlines = TimerDeadlines<String, String>()
        let waiter = deadlines.set("mark", due: .seconds(3), event: "first", waiting: false)
        #expect(waiter == 1)
        #expect(Self.said(deadlines.next("mark", waiter: 1, now: .zero)) == "wait 3.0 seconds")
        #expect(deadlines.set("mark", due: .seconds(5), event: "second", waiting: true) == nil)
        #expect(Self.said(deadlines.next("mark", waiter: 1, now: .seconds(3))) == "wait 2.0 seconds")
        #expect(Self.said(deadlines.next("mark", waiter: 1, now: .seconds(5))) == "fire second")
        #expect(Self.said(deadlines.next("mark", waiter: 1, now: .seconds(5))) == "end")
        #expect(deadlines.count == 0)
    }

    @Test("an earlier deadline, or one whose task no longer runs, starts a new task; the old task's turn ends")
    func earlierOrNotWaitingStartsAnew() {
        let deadlines = TimerDeadlines<String, String>()
        #expect(deadlines.set("search", due: .seconds(3), event: "a", waiting: false) == 1)
        #expect(deadlines.set("search", due: .seconds(2), event: "b", waiting: true) == 2)
        #expect(Self.said(deadlines.next("search", waiter: 1, now: .seconds(3))) == "end")
        #expect(deadlines.set("search", due: .seconds(4), event: "c", waiting: false) == 3, "task 2 was cancelled")
        #expect(Self.said(deadlines.next("search", waiter: 3, now: .seconds(4))) == "fire c")
    }

    @Test("a cancelled task's deadline is forgotten, unless a newer task has its key; keys are apart")
    func cancelledForgotten() {
        let deadlines = TimerDeadlines<String, String>()
        #expect(deadlines.set("a", due: .seconds(1), event: "a", waiting: false) == 1)
        #expect(deadlines.set("b", due: .seconds(1), event: "b", waiting: false) == 2)
        #expect(deadlines.set("a", due: .seconds(2), event: "a2", waiting: false) == 3)
        deadlines.cancelled("a", waiter: 1)
        #expect(deadlines.count == 2, "task 3 has a's key now")
        deadlines.cancelled("a", waiter: 3)
        #expect(deadlines.count == 1)
        #expect(Self.said(deadlines.next("b", waiter: 2, now: .seconds(1))) == "fire b")
    }
}

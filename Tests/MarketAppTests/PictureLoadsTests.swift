import Testing

@testable import MarketApp

@Suite("Picture loads: one machine, one retry policy")
struct PictureLoadsTests {
    typealias Loads = PictureLoads<String>

    @Test("a wanted picture not at hand is started once; while it loads, frames start nothing more")
    func startsOnce() {
        var loads = Loads()
        #expect(loads.want(["a", "b"], have: { $0 == "b" }, now: .zero) == [.start("a")])
        #expect(loads.isLoading("a"))
        #expect(loads.want(["a", "b"], have: { $0 == "b" }, now: .seconds(1)) == [])
        loads.loaded("a")
        #expect(!loads.isLoading("a"))
        #expect(loads.want(["a"], have: { _ in true }, now: .seconds(2)) == [])
        #expect(loads.tracked == 0)
    }

    @Test("a load no frame wants is cancelled, and started again when wanted again")
    func cancelsUnwanted() {
        var loads = Loads()
        _ = loads.want(["a", "b"], have: { _ in false }, now: .zero)
        #expect(loads.want(["b"], have: { _ in false }, now: .seconds(1)) == [.cancel("a")])
        #expect(loads.failed("a", now: .seconds(1)) == [], "a cancelled load's failure changes nothing")
        #expect(loads.want(["a", "b"], have: { _ in false }, now: .seconds(1)) == [.start("a")])
    }

    @Test("a failure waits 3 s, then 6, 12 … up to 60 s, each counted from the failure; frames before then start nothing and ask for a wake")
    func backoff() {
        var loads = Loads()
        var now = Duration.zero
        _ = loads.want(["a"], have: { _ in false }, now: now)
        for expected in [3, 6, 12, 24, 48, 60, 60] {
            #expect(loads.failed("a", now: now) == [.wake(after: .seconds(expected))])
            now += .seconds(1)
            #expect(loads.want(["a"], have: { _ in false }, now: now) == [.wake(after: .seconds(expected - 1))])
            now += .seconds(expected - 1) - .milliseconds(1)
            #expect(loads.want(["a"], have: { _ in false }, now: now) == [.wake(after: .milliseconds(1))], "not a moment early")
            now += .milliseconds(1)
            #expect(loads.want(["a"], have: { _ in false }, now: now) == [.start("a")])
        }
        loads.loaded("a")
        _ = loads.want([], have: { _ in false }, now: now)
        _ = loads.want(["a"], have: { _ in false }, now: now)
        #expect(loads.failed("a", now: now) == [.wake(after: .seconds(3))], "a load that succeeded starts the count again")
    }

    @Test("the wake asked for is the earliest of the failed pictures still wanted")
    func earliestWake() {
        var loads = Loads()
        _ = loads.want(["a", "b"], have: { _ in false }, now: .zero)
        _ = loads.failed("a", now: .zero)
        _ = loads.failed("b", now: .seconds(2))
        #expect(loads.want(["a", "b"], have: { _ in false }, now: .seconds(2)) == [.wake(after: .seconds(1))])
        #expect(loads.want(["b"], have: { _ in false }, now: .seconds(2)) == [.wake(after: .seconds(3))])
    }

    @Test("a failure scrolled away is remembered until it is due, then forgotten")
    func forgetsWhenDue() {
        var loads = Loads()
        _ = loads.want(["a"], have: { _ in false }, now: .zero)
        _ = loads.failed("a", now: .zero)
        #expect(loads.want([], have: { _ in false }, now: .seconds(1)) == [])
        #expect(loads.tracked == 1)
        #expect(loads.want(["a"], have: { _ in false }, now: .seconds(2)) == [.wake(after: .seconds(1))], "scrolled back: still waits")
        #expect(loads.want([], have: { _ in false }, now: .seconds(3)) == [])
        #expect(loads.tracked == 0)
        #expect(loads.want(["a"], have: { _ in false }, now: .seconds(3)) == [.start("a")])
    }

    @Test("a picture at hand ends its failure: it was loaded another way")
    func atHandClears() {
        var loads = Loads()
        _ = loads.want(["a"], have: { _ in false }, now: .zero)
        _ = loads.failed("a", now: .zero)
        #expect(loads.want(["a"], have: { _ in true }, now: .seconds(1)) == [])
        #expect(loads.tracked == 0)
    }
}

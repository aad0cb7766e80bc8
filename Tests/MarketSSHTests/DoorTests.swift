import NIOCore
import NIOEmbedded
import Testing

@testable import MarketSSH

/// The door of `openmarket ssh`: which connections are let in, which are refused, which are closed to make room.
@Suite("SSH door")
struct DoorTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test("a full table lets the newcomer in and closes the oldest startup of the address holding the most")
    func makesRoom() {
        var table = StartupTable(capacity: 4, perAddress: 3)
        #expect(table.admit(id: 1, from: "visitor", at: at(0)) == .admitted)
        #expect(table.admit(id: 2, from: "crowd", at: at(10)) == .admitted)
        #expect(table.admit(id: 3, from: "crowd", at: at(20)) == .admitted)
        #expect(table.admit(id: 4, from: "other", at: at(30)) == .admitted)
        #expect(table.count == 4)
        // Full: "crowd" holds two, so its oldest goes, although the visitor's is older.
        #expect(table.admit(id: 5, from: "late", at: at(40)) == .admittedClosing(.init(id: 2, address: "crowd", since: at(10))))
        #expect(table.count == 4 && table.count(of: "crowd") == 1)
        // Now every address holds one: the oldest of all goes.
        #expect(table.admit(id: 6, from: "later", at: at(50)) == .admittedClosing(.init(id: 1, address: "visitor", since: at(0))))
        #expect(table.count(of: "visitor") == 0)
    }

    @Test("an address holding its share is refused; a removed startup frees its place once")
    func perAddress() {
        var table = StartupTable(capacity: 10, perAddress: 2)
        #expect(table.admit(id: 1, from: "a", at: at(0)) == .admitted)
        #expect(table.admit(id: 2, from: "a", at: at(1)) == .admitted)
        #expect(table.admit(id: 3, from: "a", at: at(2)) == .refused)
        let first = table.remove(id: 1, from: "a")
        let again = table.remove(id: 1, from: "a")
        let elsewhere = table.remove(id: 2, from: "b")
        #expect(first)
        #expect(!again, "twice is a no-op")
        #expect(!elsewhere, "the address must match")
        #expect(table.count == 1)
        #expect(table.admit(id: 4, from: "a", at: at(3)) == .admitted)
        #expect(table.victim() == .init(id: 2, address: "a", since: at(1)))
    }

    @Test("5,000 silent connections from 1,000 addresses: the one visitor among them is never the one closed")
    func visitorSurvivesACrowd() {
        var table = StartupTable(capacity: 1024, perAddress: 8)
        var time = 0
        var closed: [StartupTable.Entry] = []
        func admit(_ id: Int, _ address: String) {
            time += 1
            if case .admittedClosing(let victim) = table.admit(id: id, from: address, at: at(time)) { closed.append(victim) }
        }
        for id in 0..<2_500 { admit(id, "127.9.\(id % 1000 / 250).\(id % 250)") }
        admit(99_999, "visitor")
        for id in 2_500..<5_000 { admit(id, "127.9.\(id % 1000 / 250).\(id % 250)") }
        #expect(table.count == 1024)
        #expect(table.count(of: "visitor") == 1)
        #expect(closed.count == 5_001 - 1024)
        #expect(!closed.contains { $0.address == "visitor" })
    }

    @Test("penalties: refused for the base length, doubled while it goes on, capped, forgotten past the bound")
    func penalties() {
        var penalties = SourcePenalties(base: .seconds(10), maximum: .seconds(40), maxAddresses: 4)
        #expect(!penalties.isPenalized("a", at: at(0)))
        var length = penalties.penalize("a", at: at(0))
        #expect(length == .seconds(10))
        #expect(penalties.isPenalized("a", at: at(9_999)))
        #expect(!penalties.isPenalized("a", at: at(10_000)))
        length = penalties.penalize("a", at: at(11_000))
        #expect(length == .seconds(20), "again soon after: twice as long")
        length = penalties.penalize("a", at: at(32_000))
        #expect(length == .seconds(40))
        length = penalties.penalize("a", at: at(73_000))
        #expect(length == .seconds(40), "capped")
        length = penalties.penalize("a", at: at(300_000))
        #expect(length == .seconds(10), "well behaved for the maximum: from the base again")
        for address in ["b", "c", "d", "e", "f"] { penalties.penalize(address, at: at(301_000)) }
        #expect(penalties.count <= 4, "bounded")
        var none = SourcePenalties(base: .zero)
        length = none.penalize("a", at: at(0))
        #expect(length == .zero)
        #expect(!none.isPenalized("a", at: at(1)))
    }

    @Test("the registry's door: penalty, then rate, then startups; making room penalizes the closed one's address")
    func registryDoor() throws {
        let registry = SessionRegistry(
            limits: SessionLimits(connectionsPerMinute: 3, maxStartups: 2, maxStartupsPerAddress: 2, sourcePenalty: .seconds(10)))
        func knock(_ address: String, _ milliseconds: Int) -> (ConnectionInfo?, (any Channel)?, SessionRegistry.Refusal?) {
            switch registry.admit(from: address, channel: EmbeddedChannel(), now: at(milliseconds)) {
            case .admitted(let connection, let closing): (connection, closing, nil)
            case .refused(let refusal): (nil, nil, refusal)
            }
        }
        let first = try #require(knock("crowd", 0).0)
        #expect(knock("crowd", 1).0 != nil)
        #expect(knock("crowd", 2).2 == .startups)
        registry.endStartup(first)
        #expect(registry.startupCount == 1)
        #expect(knock("crowd", 3).0 != nil)
        #expect(knock("crowd", 4).2 == .rate, "the fourth this minute")
        let (visitor, closing, _) = knock("visitor", 5)
        #expect(visitor != nil && closing != nil, "full: one of crowd's closed to make room")
        #expect(registry.startupCount == 2)
        #expect(knock("crowd", 6).2 == .penalized, "its connection was closed for room: refused for a while")
        #expect(knock("crowd", 70_000).2 == nil, "after the penalty and the minute")
        registry.endStartup(try #require(visitor), penalize: true, now: at(70_001))
        #expect(knock("visitor", 70_002).2 == .penalized)
    }
}

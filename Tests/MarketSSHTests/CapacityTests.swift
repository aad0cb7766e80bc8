import Testing

@testable import MarketSSH

@Suite("SSH front capacity and metrics pieces")
struct CapacityTests {
    @Test("default sessions: 500 per core, within half the available memory at 10 MB each and the open-file limit")
    func defaultMaxSessions() {
        let gib = 1 << 30
        #expect(SessionCapacity.defaultMaxSessions(cores: 2, availableMemory: 20 * gib, openFiles: 20_000) == 1_000)
        #expect(SessionCapacity.defaultMaxSessions(cores: 2, availableMemory: 4 * gib, openFiles: 20_000) == 204, "memory bound")
        #expect(SessionCapacity.defaultMaxSessions(cores: 8, availableMemory: 64 * gib, openFiles: 10_240) == 1_024, "descriptor bound")
        #expect(SessionCapacity.defaultMaxSessions(cores: 1, availableMemory: nil, openFiles: 1_024) == 8, "never below 8")
        #expect(SessionCapacity.availableMemory(meminfo: "MemTotal: 100 kB\nMemAvailable:    2048 kB\n") == 2 << 20)
        #expect(SessionCapacity.availableMemory(meminfo: "MemTotal: 100 kB\n") == nil)
    }

    @Test("the front's market: four connections a seat and 64 more, within the descriptors the sessions leave, at least 16")
    func marketConnections() {
        #expect(SessionCapacity.marketConnections(maxSessions: 2_000, openFiles: 20_000) == 8_064)
        #expect(SessionCapacity.marketConnections(maxSessions: 1_000, openFiles: 20_000) == 4_064)
        #expect(SessionCapacity.marketConnections(maxSessions: 2_000, openFiles: 10_000) == 1_936, "descriptor bound: 10,000 − 64 − 8,000")
        #expect(SessionCapacity.marketConnections(maxSessions: 2_000, openFiles: 1_024) == 16, "never below 16")
        #expect(SessionCapacity.marketConnections(maxSessions: 8, openFiles: 1_024) == 96)
    }

    @Test("first-page reports: a line for a browser being waited for is timed once; others are ignored")
    func firstPageLines() {
        #expect(FirstPageReports.pid(inLine: "first-page 41") == 41)
        for line in ["first-page x", "hello 41", "first-page 42 extra", "first-page", ""] {
            #expect(FirstPageReports.pid(inLine: line[...]) == nil, "\(line)")
        }
        let reports = FirstPageReports(writeEnd: -1, metrics: SSHMetrics())
        let start = ContinuousClock.now
        reports.expect(41, since: start)
        reports.expect(43, since: start)
        #expect(!reports.received("first-page 42", now: start + .seconds(1)), "not waited for")
        #expect(reports.received("first-page 41", now: start + .seconds(1)))
        #expect(!reports.received("first-page 41", now: start + .seconds(2)), "once")
        reports.forget(43)
        #expect(!reports.received("first-page 43", now: start + .seconds(2)), "its browser exited first")
    }
}

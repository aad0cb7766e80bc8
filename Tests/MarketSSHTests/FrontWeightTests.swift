import Foundation
import Mocks
import Testing

@testable import MarketSSH

@Suite("The front's weight against its browsers (its session group's nice)")
struct FrontWeightTests {
    /// `decide` with a write that records what it was asked and answers `errno`.
    static func decide(
        nice: Int = -10, enabled: String? = "1\n", group: String? = "/autogroup-7 nice 0\n", leads: Bool = true,
        errno answer: Int32 = 0
    ) -> (FrontWeight.Outcome, [Int]) {
        var asked: [Int] = []
        let outcome = FrontWeight.decide(nice: nice, enabled: enabled, group: group, leadsSession: leads) {
            asked.append($0)
            return answer
        }
        return (outcome, asked)
    }

    @Test("a front that leads its session and may: its group goes to the nice asked, once")
    func set() {
        #expect(Self.decide() == (.set(nice: -10), [-10]))
        #expect(Self.decide(nice: 5) == (.set(nice: 5), [5]), "a nicer front is asked for too")
        #expect(Self.decide(group: "/autogroup-7 nice -3\n") == (.set(nice: -10), [-10]))
        #expect(Self.decide(enabled: nil) == (.set(nice: -10), [-10]), "the switch hidden (ProcSubset=pid): the group file is enough")
    }

    @Test("left alone: asked for 0, already there, a caller's group, autogroups off or missing; refused: said so")
    func leftAlone() {
        #expect(Self.decide(nice: 0) == (.notAsked, []))
        #expect(Self.decide(group: "/autogroup-7 nice -10\n") == (.alreadyAt(nice: -10), []))
        #expect(Self.decide(leads: false) == (.sharedSession, []), "a shell's group, with all its jobs, is not the front's")
        #expect(Self.decide(enabled: "0\n") == (.noAutogroups, []))
        #expect(Self.decide(enabled: nil, group: nil) == (.noAutogroups, []), "a kernel without them")
        #expect(Self.decide(group: nil) == (.noAutogroups, []))
        #expect(Self.decide(group: "garbage") == (.noAutogroups, []))
        #expect(Self.decide(group: "", leads: false) == (.sharedSession, []), "the root group (init's session): a CI runner's")
        #expect(Self.decide(group: "") == (.sharedSession, []), "the root group has no nice to set, even for init itself")
        #expect(Self.decide(errno: EPERM) == (.notPermitted(nice: -10), [-10]))
        #expect(Self.decide(errno: EACCES) == (.notPermitted(nice: -10), [-10]))
        #expect(Self.decide(errno: EAGAIN) == (.failed(errno: EAGAIN), [-10]), "still busy: not mistaken for no autogroups")
    }

    @Test("each outcome's log line names the option and what to do; nothing is said when nothing was asked")
    func lines() {
        #expect(FrontWeight.Outcome.set(nice: -10).logLine == "the front's session group runs at nice -10 against its browsers' 0 (--group-nice)")
        #expect(FrontWeight.Outcome.notAsked.logLine == nil)
        #expect(FrontWeight.Outcome.sharedSession.logLine?.contains("setsid") == true)
        #expect(FrontWeight.Outcome.notPermitted(nice: -10).logLine?.contains("CAP_SYS_NICE") == true)
        #expect(FrontWeight.Outcome.noAutogroups.logLine?.contains("no autogroups") == true)
        #expect(FrontWeight.Outcome.failed(errno: EAGAIN).logLine == "the front's session group stays at its nice: the kernel said Resource temporarily unavailable (--group-nice 0 to not ask)")
    }

    @Test("apply reads the kernel's files where it is told: autogroups switched off, and nothing is written")
    func applyReadsFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let group = folder.url.appendingPathComponent("autogroup")
        try Data("/autogroup-9 nice 0\n".utf8).write(to: group)
        var weight = FrontWeight()
        weight.groupPath = group.path
        let enabled = folder.url.appendingPathComponent("sched_autogroup_enabled")
        try Data("0\n".utf8).write(to: enabled)
        weight.enabledPath = enabled.path
        #expect(weight.apply(nice: -10) == .noAutogroups)
        #expect(try String(contentsOf: group, encoding: .utf8) == "/autogroup-9 nice 0\n")
    }
}

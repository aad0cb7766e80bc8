import Testing

@testable import TerminalCurses

@Suite("The terminal's thread as a task executor")
struct CursesExecutorTests {
    @Test("a terminal whose thread does not run offers no executor, and a task that prefers it anyway runs on the global executor (no job is stranded)")
    func noThreadNoStrandedJobs() async {
        let terminal = CursesTerminal(terminalType: "xterm-256color")
        #expect(terminal.executor == nil)
        let answer = await Task(executorPreference: terminal) { () async -> Int in
            await Task.yield()
            return 42
        }.value
        #expect(answer == 42)
    }

    @Test("jobs queued while the thread runs wait for it; when it ends they go to the global executor and run")
    func endedThreadHandsOver() async {
        let terminal = CursesTerminal(terminalType: "xterm-256color")
        terminal.mailbox.withLockedValue { $0.threadDown = false }  // as if the thread had started
        #expect(terminal.executor != nil)
        let task = Task(executorPreference: terminal) { () async -> Int in 7 }
        for _ in 0..<200 where terminal.mailbox.withLockedValue({ $0.jobs.isEmpty }) { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(terminal.mailbox.withLockedValue { $0.jobs.count } == 1, "queued for the thread, not run elsewhere")
        terminal.threadEnded()
        #expect(await task.value == 7)
        #expect(terminal.executor == nil)
    }
}

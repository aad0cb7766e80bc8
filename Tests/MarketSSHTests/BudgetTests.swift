import Foundation
import Testing

@testable import MarketSSH

/// Each visitor's browser runs under limits the kernel enforces on that process alone.
@Suite("Per-visitor budgets")
struct BudgetTests {
    /// What the child's shell reports with `ulimit`, run on a pseudo-terminal under `budget`.
    func limits(under budget: SessionBudget?) throws -> [String] {
        // The child waits for a line before it looks, so what it reports is what holds once spawning is over.
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "stty -echo; read go; ulimit -d; ulimit -t; ulimit -n; ulimit -f; ulimit -c"],
            environment: [:], columns: 80, rows: 24, budget: budget)
        _ = "go\n".withCString { write(terminal.master, $0, 3) }
        let text = terminal.readToEnd()
        _ = terminal.waitForExit()
        terminal.closeMaster()
        // The numbers only (the line typed may be echoed before echo is off).
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0 == "unlimited" || Int($0) != nil }
    }

    @Test("the browser's process gets its data, CPU, descriptor, file-size and core limits; other processes keep theirs")
    func kernelLimits() throws {
        let budget = SessionBudget(memoryBytes: 96 << 20, cpuSeconds: 30, openFiles: 64, fileBytes: 1 << 20)
        // dash's ulimit: data and file size in KiB, CPU in seconds, files; core in blocks of 512.
        #expect(try limits(under: budget) == ["98304", "30", "64", "2048", "0"])
        let unlimited = try limits(under: nil)
        #expect(unlimited.first != "98304" && unlimited.count == 5, "\(unlimited)")
    }

    @Test("the budget travels in the browser's environment and reads back the same; anything else is refused")
    func environment() {
        let budget = SessionBudget(memoryBytes: 96 << 20, cpuSeconds: 30, openFiles: 64, fileBytes: 1 << 20)
        #expect(budget.environmentValue == "data=100663296,cpu=30,files=64,fsize=1048576")
        #expect(SessionBudget(environmentValue: budget.environmentValue) == budget)
        #expect(SessionBudget(environmentValue: "data=1,cpu=2,files=3") == nil)
        #expect(SessionBudget(environmentValue: "data=1,cpu=2,files=3,fsize=-4") == nil)
        #expect(SessionBudget(environmentValue: "data=x,cpu=2,files=3,fsize=4") == nil)
    }

    @Test("the template's warm-up reads a budget and sets no limit on its own process")
    func warmUpSetsNothing() {
        func current() -> [[UInt64]] {
            [RLIMIT_DATA, RLIMIT_CPU, RLIMIT_NOFILE, RLIMIT_FSIZE, RLIMIT_CORE].map { resource in
                var limit = rlimit()
                _ = getrlimit(Int32(resource.rawValue), &limit)
                return [UInt64(limit.rlim_cur), UInt64(limit.rlim_max)]
            }
        }
        let before = current()
        // Below the default budget, so that a warm-up that applied it would show: 256 MB of data, 600 s, 256 files.
        #expect(before[0][0] > 256 << 20 && before[1][0] > 600 && before[2][0] > 256, "\(before)")
        SessionBudget.warmUp()
        #expect(current() == before)
    }

    @Test("a browser over its memory budget ends at the limit, not with the host's memory")
    func memoryEnds() throws {
        // Python asks for 512 MB under a budget of 64 MB: refused (MemoryError), exit status 1 at once.
        let terminal = try PseudoTerminal(
            executable: "/usr/bin/python3", arguments: ["-c", "input(); b = bytearray(512 << 20); print('allocated')"],
            environment: [:], columns: 80, rows: 24, budget: SessionBudget(memoryBytes: 64 << 20))
        _ = "go\n".withCString { write(terminal.master, $0, 3) }
        let text = terminal.readToEnd()
        let status = terminal.waitForExit()
        terminal.closeMaster()
        #expect(status == 1 && text.contains("MemoryError") && !text.contains("allocated"), "\(status) \(text)")
    }

    @Test("a child's memory is its own: sampled while it runs, not the parent's high-water mark it was spawned from")
    func ownMemory() throws {
        let terminal = try PseudoTerminal(
            executable: "/usr/bin/python3", arguments: ["-c", "b = bytearray(96 << 20); b[::4096] = b'x' * len(b[::4096]); input()"],
            environment: [:], columns: 80, rows: 24)
        defer { terminal.closeMaster() }
        var peak = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while peak < 96 << 20, ContinuousClock.now < deadline {
            terminal.sampleMemory()
            peak = terminal.peakBytes
            Thread.sleep(forTimeInterval: 0.05)
        }
        _ = "\n".withCString { write(terminal.master, $0, 1) }
        #expect(terminal.waitForExit() == 0)
        #expect(peak >= 96 << 20 && peak < 512 << 20, "peak \(peak >> 20) MB: the 96 MB it touched, and little else")
    }

    @Test("the high-water mark is read from a status text's VmHWM line, tabs or spaces before it; none without the line")
    func highWaterMark() {
        func read(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { PseudoTerminal.highWaterMark(in: $0) }
        }
        #expect(read("Name:\topenmarket\nVmPeak:\t  812345 kB\nVmSize:\t  800000 kB\nVmHWM:\t   61440 kB\nVmRSS:\t   50000 kB\n") == 61440)
        #expect(read("Name: x\nVmHWM: 7 kB\n") == 7)
        #expect(read("Name:\tx\nVmRSS:\t 5000 kB\n") == nil)
        #expect(read("Name:\tx\nVmHWM:\t") == nil, "cut before the number")
        #expect(read("") == nil)
    }

    @Test("an end the budget explains: CPU's signal, or a crash with half the memory budget resident; not a quit or a hang-up")
    func explains() {
        let budget = SessionBudget(memoryBytes: 256 << 20)
        #expect(budget.explains(status: 128 + SIGXCPU, peakBytes: 0))
        #expect(budget.explains(status: 128 + SIGTRAP, peakBytes: 200 << 20))
        #expect(budget.explains(status: 128 + SIGABRT, peakBytes: 128 << 20))
        #expect(!budget.explains(status: 128 + SIGTRAP, peakBytes: 20 << 20), "a crash at rest is a crash")
        #expect(!budget.explains(status: 0, peakBytes: 250 << 20))
        #expect(!budget.explains(status: 1, peakBytes: 250 << 20))
        #expect(!budget.explains(status: 128 + SIGHUP, peakBytes: 250 << 20), "hung up by the front")
    }

    @Test("a client's window is given at most 500×250 cells and 32×64 pixels a cell")
    func windowClamped() {
        let huge = PseudoTerminal.windowSize(columns: 10_000, rows: 10_000, pixelWidth: 65_535, pixelHeight: 65_535)
        #expect(huge.ws_col == 500 && huge.ws_row == 250)
        #expect(huge.ws_xpixel == 16_000 && huge.ws_ypixel == 16_000)
        let usual = PseudoTerminal.windowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        #expect(usual.ws_col == 80 && usual.ws_row == 24 && usual.ws_xpixel == 800 && usual.ws_ypixel == 480)
        let none = PseudoTerminal.windowSize(columns: 0, rows: -3, pixelWidth: -1, pixelHeight: 0)
        #expect(none.ws_col == 1 && none.ws_row == 1 && none.ws_xpixel == 0)
    }

    @Test("per-address limits count an IPv6 address by its /64 and an IPv4-mapped one as its IPv4 address")
    func sourceKeys() {
        #expect(SourceKey.of("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(SourceKey.of("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64")
        #expect(SourceKey.of("2001:db8:1:3::1") == "2001:db8:1:3::/64")
        #expect(SourceKey.of("::ffff:10.1.2.3") == "10.1.2.3")
        #expect(SourceKey.of("127.0.0.1") == "127.0.0.1")
        #expect(SourceKey.of("?") == "?")
    }
}

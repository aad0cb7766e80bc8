import Foundation
import Mocks

/// Memory of a running process, read from `/proc`; a process that cannot be read is an error, never 0.
enum ProcessMemory {
    /// Resident set size in megabytes.
    static func residentMB(_ pid: pid_t) throws -> Double {
        try field("VmRSS:", of: pid) / 1024
    }

    /// How many descriptors the process has open.
    static func openDescriptors(_ pid: pid_t) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    /// How many `write`-family system calls the process has made (`syscw` in `/proc/PID/io`).
    static func writeCalls(_ pid: pid_t) throws -> Int {
        Int(try field("syscw:", of: pid, in: "io"))
    }

    /// The number after `name` on its line of `/proc/PID/<file>`.
    private static func field(_ name: String, of pid: pid_t, in file: String = "status") throws -> Double {
        let text = try String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let value = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { throw SpawnError("no \(name) in /proc/\(pid)/\(file)") }
        return value
    }
}

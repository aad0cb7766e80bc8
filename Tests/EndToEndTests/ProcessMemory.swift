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
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        guard let line = io.split(separator: "\n").first(where: { $0.hasPrefix("syscw:") }),
            let count = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { throw SpawnError("no syscw: in /proc/\(pid)/io") }
        return count
    }

    private static func field(_ name: String, of pid: pid_t) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { throw SpawnError("no \(name) in /proc/\(pid)/status") }
        return kilobytes
    }
}

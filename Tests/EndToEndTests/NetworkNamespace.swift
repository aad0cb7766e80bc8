import Foundation
import Mocks

#if canImport(Glibc)
import Glibc
#endif

/// A host of its own on this machine: a network namespace joined to this one by a veth pair, each end with
/// an address of a /30 (`hostAddress` here, `address` there). Made by the test, removed by `remove()` (and
/// its links with it). Needs root and `ip` (iproute2).
final class NetworkNamespace: @unchecked Sendable {
    let name: String
    /// This side's address on the link, and the namespace's.
    let hostAddress: String
    let address: String
    private let hostLink: String
    private let link: String

    /// Whether namespaces can be made here (root, and iproute2's `ip`).
    static var isAvailable: Bool { geteuid() == 0 && FileManager.default.isExecutableFile(atPath: ip) }
    static let skipNotice = "network namespaces need root and iproute2 (`ip`); the cases that make hosts are skipped"
    private static let ip = "/usr/sbin/ip"

    /// Makes namespace number `index` (0–63) of this test process: 10.201.(pid mod 200).(4·index)/30.
    init(index: Int) throws {
        let pid = Int(getpid())
        name = "om\(pid)-\(index)"
        hostLink = "omh\(pid % 100_000)x\(index)"
        link = "omn\(pid % 100_000)x\(index)"
        let subnet = "10.201.\(pid % 200)."
        hostAddress = subnet + "\(4 * index + 1)"
        address = subnet + "\(4 * index + 2)"
        try? Self.ip(["netns", "del", name])
        try? Self.ip(["link", "del", hostLink])
        try Self.ip(["netns", "add", name])
        do {
            try Self.ip(["link", "add", hostLink, "type", "veth", "peer", "name", link])
            try Self.ip(["link", "set", link, "netns", name])
            try Self.ip(["addr", "add", hostAddress + "/30", "dev", hostLink])
            try Self.ip(["link", "set", hostLink, "up"])
            try inside([Self.ip, "addr", "add", address + "/30", "dev", link])
            try inside([Self.ip, "link", "set", link, "up"])
            try inside([Self.ip, "link", "set", "lo", "up"])
        } catch {
            remove()
            throw error
        }
    }

    /// Runs `command` inside the namespace to completion; throws with its output when it fails.
    func inside(_ command: [String], environment: [String: String] = [:]) throws {
        try Self.run([Self.ip, "netns", "exec", name] + command, environment: environment)
    }

    /// Starts `command` inside the namespace.
    func start(_ command: [String], environment: [String: String] = [:]) throws -> SpawnedProcess {
        try SpawnedProcess(Self.ip, ["netns", "exec", name] + command, environment: environment)
    }

    /// Cuts the link without a word: the namespace's end goes down, and this side keeps sending to it (its
    /// neighbour entry made permanent), so packets vanish both ways — nothing is refused, reset or answered.
    /// Established connections hang, and new ones wait for a SYN-ACK that never comes.
    func cut() throws {
        let mac = try Self.output([Self.ip, "netns", "exec", name, "cat", "/sys/class/net/\(link)/address"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.ip(["neigh", "replace", address, "lladdr", mac, "dev", hostLink, "nud", "permanent"])
        try inside([Self.ip, "link", "set", link, "down"])
    }

    /// Mends what `cut` did: connections that hung carry on.
    func mend() throws {
        try inside([Self.ip, "link", "set", link, "up"])
        try Self.ip(["neigh", "del", address, "dev", hostLink])
    }

    /// Removes the namespace and its links; what ran inside it loses its network.
    func remove() {
        try? Self.ip(["netns", "del", name])
        try? Self.ip(["link", "del", hostLink])
    }

    private static func ip(_ arguments: [String]) throws {
        try run([ip] + arguments)
    }

    private static func run(_ command: [String], environment: [String: String] = [:]) throws {
        let process = try SpawnedProcess(command[0], Array(command.dropFirst()), environment: environment)
        let status = process.waitForExitBlocking()
        guard status == 0 else {
            throw SpawnError("\(command.joined(separator: " ")) failed (\(status)): \(process.standardError)")
        }
    }

    private static func output(_ command: [String]) throws -> String {
        let result = try SpawnedProcess.run(command[0], Array(command.dropFirst()))
        guard result.status == 0 else { throw SpawnError("\(command.joined(separator: " ")) failed (\(result.status))") }
        return result.output
    }
}

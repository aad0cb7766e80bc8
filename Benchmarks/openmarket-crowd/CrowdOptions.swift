import Foundation

/// What the crowd is: how many visitors, how fast they come, how long they stay, how often they press a key.
/// Read from `--name value` pairs; the names and defaults are bench/crowd.py's.
struct CrowdOptions: Sendable {
    var host = "127.0.0.1"
    var port = 0
    var visitors = 200
    var rate = 20.0
    var stay = 120.0
    var keyEvery = 3.0
    var keyed = 1.0
    var firstPageTimeout = 30.0
    var marker = #"\d+\+? products"#
    var term = "xterm-256color"
    var columns = 100
    var rows = 30
    var sourceBase = 77
    var threads = ProcessInfo.processInfo.activeProcessorCount
    /// How long the screen must stay quiet for an answer to count as whole (its last byte then).
    var quiet = 0.3
    /// Keys on a closed loop (the default, as crowd.py's): the pause before the next key starts when this one's
    /// answer comes (or after 5 s without one), so a slow front gets fewer keys. Open: a key every `keyEvery` ±40%
    /// whatever the answers do — a slow front gets the same keys, and a key's answer may come after the next key.
    var closedLoop = true
    var json: String?

    struct Mistake: Error, CustomStringConvertible { let description: String }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Mistake(description: "\(name) needs a value") }
            func number() throws -> Double {
                guard let number = Double(value) else { throw Mistake(description: "\(name): not a number: \(value)") }
                return number
            }
            switch name {
            case "--host": host = value
            case "--port": port = Int(try number())
            case "--visitors": visitors = Int(try number())
            case "--rate": rate = try number()
            case "--stay": stay = try number()
            case "--key-every": keyEvery = try number()
            case "--keyed": keyed = try number()
            case "--first-page-timeout": firstPageTimeout = try number()
            case "--marker": marker = value
            case "--term": term = value
            case "--size":
                let parts = value.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2 else { throw Mistake(description: "--size: COLUMNSxROWS, not \(value)") }
                (columns, rows) = (parts[0], parts[1])
            case "--source-base": sourceBase = Int(try number())
            case "--threads": threads = max(1, Int(try number()))
            case "--quiet": quiet = try number()
            case "--keys": closedLoop = value == "closed"
                guard value == "closed" || value == "open" else { throw Mistake(description: "--keys: open or closed, not \(value)") }
            case "--json": json = value
            default: throw Mistake(description: "unknown option \(name)")
            }
        }
        guard port > 0 else { throw Mistake(description: "--port is needed (the front's SSH port)") }
    }

    /// 127.base.x.y, skipping .0 and .255: 254 visitors per x (bench/crowd.py's `source_address`).
    func sourceAddress(_ index: Int) -> String { "127.\(sourceBase).\(index / 254 % 256).\(index % 254 + 1)" }

    /// With `keyed` below 1, that share of visitors have a key of their own, spread evenly (crowd.py's rule).
    func hasOwnKey(_ index: Int) -> Bool {
        keyed >= 1 || Int(Double(index + 1) * keyed) != Int(Double(index) * keyed)
    }
}

import Foundation

/// The samples of a Prometheus text exposition, by name and labels as written (`name{a="b"}`).
struct PrometheusText {
    let samples: [String: Double]

    init(_ text: String) {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    subscript(_ key: String) -> Double? { samples[key] }

    /// The sum of every series of `name` (any labels).
    func sum(of name: String) -> Double {
        samples.filter { $0.key == name || $0.key.hasPrefix(name + "{") }.values.reduce(0, +)
    }
}

import Foundation

/// The terminal's background colour as it answers OSC 11 (`rgb:RRRR/GGGG/BBBB`, 1 to 4 hex digits a
/// channel), each channel 0…1 — enough to tell a light background from a dark one.
public struct BackgroundColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `rgb:R/G/B` (XParseColor's form that terminals answer with); nil for anything else.
    public init?(xParseColor text: String) {
        guard text.hasPrefix("rgb:") else { return nil }
        let channels = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values: [Double] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            values.append(Double(value) / Double((1 << (4 * channel.count)) - 1))
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// Whether dark text reads better on it than light: its relative luminance (WCAG) above the point where
    /// black and white text have equal contrast (≈ 0.18).
    public var isLight: Bool {
        func linear(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return luminance > 0.179
    }
}

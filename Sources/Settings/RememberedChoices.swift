import Foundation

/// The choices a browser was left with — layout, pictures, colours — kept per market so the next start
/// begins where the last one ended. In `$XDG_STATE_HOME/openmarket/choices.json` (mode 0600, written whole
/// by rename); `openmarket ssh` gives each visitor key a file of its own and `--open` visitors none.
public struct RememberedChoices: Sendable, Equatable, Codable {
    /// `grid` or `list`.
    public var layout: String?
    /// `auto` (the terminal's best: its graphics were left on), `blocks` or `off`.
    public var pictures: String?
    /// `true`, `256`, `16`, `8` or `none`.
    public var colors: String?

    public init(layout: String? = nil, pictures: String? = nil, colors: String? = nil) {
        self.layout = layout
        self.pictures = pictures
        self.colors = colors
    }

    /// The environment key naming the file; set but empty, nothing is remembered.
    public static let environmentKey = "OPENMARKET_CHOICES"

    /// Where the choices are kept: `OPENMARKET_CHOICES` (empty: nowhere), else the XDG state directory.
    public static func path(environment: [String: String]) -> String? {
        if let named = environment[environmentKey] { return named.isEmpty ? nil : named }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return base + "/openmarket/choices.json"
    }

    /// The choices kept for `market` in the file at `path`; nil when there are none (or the file is not ours
    /// to read: remembered choices are a convenience, never a reason not to start).
    public static func load(path: String, market: String) -> RememberedChoices? {
        all(path: path)[market]
    }

    /// Every market's choices in the file; an entry that is not readable is left out (not the others).
    static func all(path: String) -> [String: RememberedChoices] {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        var all: [String: RememberedChoices] = [:]
        for (market, entry) in object {
            guard let fields = entry as? [String: Any] else { continue }
            all[market] = RememberedChoices(layout: fields["layout"] as? String, pictures: fields["pictures"] as? String, colors: fields["colors"] as? String)
        }
        return all
    }

    /// Keeps `choices` for `market` in the file at `path`, beside the other markets', atomically (`AtomicFile`).
    public static func save(_ choices: RememberedChoices, path: String, market: String) throws {
        var all = all(path: path)
        all[market] = choices
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(all)
        try AtomicFile.write(data, toPath: path)
    }
}

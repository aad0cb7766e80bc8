/// Lines said as ranges of rows: `2–5, 9, 12–40` — a range runs over rows next to each other in the file
/// (a row whose quoted value spans lines still joins its neighbours).
public enum LineRanges {
    /// `lines` as ranges over `all`, the lines every row starts on, in order.
    public static func text(_ lines: [Int], among all: [Int]) -> String {
        let wanted = Set(lines)
        var parts: [String] = []
        var run: [Int] = []
        func close() {
            guard let first = run.first, let last = run.last else { return }
            parts.append(first == last ? "\(first)" : "\(first)–\(last)")
            run = []
        }
        for line in all {
            if wanted.contains(line) { run.append(line) } else { close() }
        }
        close()
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }
}

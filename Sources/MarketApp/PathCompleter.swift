import Foundation

/// File names that complete a typed path, for Tab in the picture field: folders end with "/", hidden
/// files show only when the typed name starts with ".", and `~/` means the home folder.
enum PathCompleter {
    static func candidates(for typed: String, home: String? = ProcessInfo.processInfo.environment["HOME"]) -> [String] {
        var expanded = typed
        if typed.hasPrefix("~/"), let home { expanded = home + typed.dropFirst(1) }
        let slash = expanded.lastIndex(of: "/")
        let folder = slash.map { String(expanded[...$0]) } ?? ""
        let stem = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return listed
            .filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .prefix(50)
            .map { name in
                var isFolder: ObjCBool = false
                let full = folder + name
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                let shown = typed.hasPrefix("~/") && home != nil ? "~" + full.dropFirst(home!.count) : full
                return isFolder.boolValue ? shown + "/" : String(shown)
            }
    }
}

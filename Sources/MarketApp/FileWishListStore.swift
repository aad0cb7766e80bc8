import Foundation
import Settings
import Localization
public import MarketFeatures

/// A wish list in a file of the data directory, one per market (`wishlists/<market>.json`). Every save
/// writes a new file beside it, flushes it to the disk and renames it over the old one, so a kill at any
/// moment leaves either the old list or the new one whole. A file that cannot be read as a wish list is
/// set aside (renamed `….damaged-<time>.json`, with one log line) and a new list is started.
public actor FileWishListStore: WishListStore {
    public nonisolated let place = WishPlace.file
    /// The file.
    public nonisolated let url: URL
    private let log: @Sendable (String) -> Void
    private var savedGeneration = Int.min
    /// Whether the last save failed (the list is held by the session until one succeeds).
    private var unwritable = false

    /// The file's shape: a version, so a later change of shape is recognised, and the products.
    struct Contents: Codable {
        var version: Int
        var market: String
        var products: [WishedProduct]
    }

    /// The store for `market` (a URL, or `embedded`) under `directory`.
    public init(directory: URL, market: String, log: @escaping @Sendable (String) -> Void) {
        url = directory.appendingPathComponent("wishlists").appendingPathComponent(Self.fileName(market: market))
        self.market = market
        self.log = log
    }

    private let market: String

    /// A file name for a market: its address with every character but letters, digits, `.` and `-` as `_`
    /// (`http_127.0.0.1_8080.json`), at most 100 characters.
    static func fileName(market: String) -> String {
        let kept = market.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-") ? Character(scalar) : "_"
        }
        let name = String(String(kept).replacingOccurrences(of: "___", with: "_").prefix(100))
        return (name.isEmpty || name.hasPrefix(".") ? "market" + name : name) + ".json"
    }

    public func load() async -> [WishedProduct] {
        // A browser loads before it saves: its saves count from here.
        savedGeneration = Int.min
        guard let data = try? Data(contentsOf: url) else { return [] }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            guard contents.version == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "version \(contents.version) is not 1"))
            }
            return contents.products
        } catch {
            switch setAside() {
            case .success(let aside):
                log("wish list \(url.path) could not be read (\(error)); set aside as \(aside.lastPathComponent), a new one started")
            case .failure(let reason):
                log("wish list \(url.path) could not be read (\(error)) nor set aside (\(reason)); a new one started")
            }
            return []
        }
    }

    /// Moves the damaged file to `NAME.damaged-SECONDS[-N].json`, never over one set aside before (two in the
    /// same second): linked under the first free name (a link never replaces), then unlinked here.
    private func setAside() -> Result<URL, SetAsideFailure> {
        let stamp = Int(Date().timeIntervalSince1970)
        for attempt in 1...100 {
            let suffix = attempt == 1 ? "damaged-\(stamp)" : "damaged-\(stamp)-\(attempt)"
            let aside = url.deletingPathExtension().appendingPathExtension(suffix + ".json")
            if link(url.path, aside.path) == 0 {
                unlink(url.path)
                return .success(aside)
            }
            guard errno == EEXIST else { return .failure(SetAsideFailure(reason: String(cString: strerror(errno)))) }
        }
        return .failure(SetAsideFailure(reason: "a hundred damaged lists set aside this second"))
    }

    private struct SetAsideFailure: Error {
        var reason: String
    }

    public func save(_ products: [WishedProduct], generation: Int) async {
        guard generation > savedGeneration else { return }
        savedGeneration = generation
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(Contents(version: 1, market: market, products: products))
            try AtomicFile.write(data, toPath: url.path)
            unwritable = false
        } catch {
            unwritable = true
            log("wish list \(url.path) could not be saved: \(error)")
        }
    }

    public func currentPlace() async -> WishPlace { unwritable ? .fileUnwritable : place }
}

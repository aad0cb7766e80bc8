/// A word's letters as a dictionary key, hashed as one run of bytes (an array of `UInt32` hashes letter by
/// letter, which the index's build does millions of times).
struct TermKey: Hashable, Sendable {
    var letters: [UInt32]

    func hash(into hasher: inout Hasher) {
        letters.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

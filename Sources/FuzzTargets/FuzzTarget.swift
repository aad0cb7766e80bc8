/// One fuzz target: a name and what it does with one input. A thrown error is the expected answer to
/// bad bytes and is swallowed; a crash, a hang, an unbounded allocation or a broken invariant (a
/// `precondition` in the target) is a finding.
public struct FuzzTarget: Sendable {
    /// The name `make fuzz` and the corpus folder (`Tests/FuzzCorpus/NAME`) use.
    public let name: String
    /// What the target exercises, for `docs/FUZZING.md` and `openmarket-fuzz --list`.
    public let summary: String
    /// Runs one input.
    public let run: @Sendable ([UInt8]) -> Void

    public init(name: String, summary: String, run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.summary = summary
        self.run = run
    }

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        MultipartFuzz.target, ClientDecodingFuzz.target, KeyInputFuzz.target, TextFuzz.target, PictureFuzz.target,
    ]

    /// The target called `name`, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

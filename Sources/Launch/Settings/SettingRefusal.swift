/// Why a setting does not take some words: what it takes (for an option or a variable's error), the file's
/// sentence for it when the setting has its own, and the names nearest which a file's typo is looked for.
public struct SettingRefusal: Error, Sendable, Equatable {
    /// What the setting takes, in words.
    public var allowed: String
    /// The settings file's sentence for the refusal, the value shown printable in it; nil: "is not one of them".
    public var problem: String?
    /// Names among which a typo's nearest is suggested.
    public var candidates: [String]

    public init(allowed: String, problem: String? = nil, candidates: [String] = []) {
        self.allowed = allowed
        self.problem = problem
        self.candidates = candidates
    }
}

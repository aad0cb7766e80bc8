public import Localization

/// A bulk change under way: how many writes there are, how many have answered, and those refused.
public struct BulkRun: Sendable, Equatable {
    /// A product the market refused, and why.
    public struct Refusal: Sendable, Equatable {
        public var id: Int
        public var reason: String

        public init(id: Int, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    public var job: Int
    public var deletes: Bool
    public var total: Int
    /// The products written so far.
    public var done = 0
    /// The products the market refused.
    public var refused: [Refusal] = []

    public init(job: Int, deletes: Bool, total: Int) {
        self.job = job
        self.deletes = deletes
        self.total = total
    }

    /// Answers so far, written or refused.
    public var answered: Int { done + refused.count }

    /// What the status line says while it runs.
    public var progress: Phrase { .bulk(.progress(done: answered, total: total)) }

    /// What is said when every write has answered.
    public var summary: Phrase {
        let reason = refused.first.map { "#\($0.id): \($0.reason)" }
        return deletes ? .bulk(.deleted(count: done, refused: refused.count, reason: reason))
            : .bulk(.changed(count: done, refused: refused.count, reason: reason))
    }
}

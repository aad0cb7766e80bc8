/// How many typos a query's word may carry, by its length in search letters (Meilisearch's default rule):
/// none below 5 letters, one from 5 to 8, two from 9. Hangul counts its letters (jamo): 헤드폰 has 7, so one
/// wrong vowel (해드폰) is forgiven.
public enum TypoRule {
    /// The typos forgiven in a word of `length` letters.
    public static func allowedEdits(forLength length: Int) -> Int {
        length >= 9 ? 2 : length >= 5 ? 1 : 0
    }
}

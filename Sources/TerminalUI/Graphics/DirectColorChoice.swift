/// Whether a terminal draws 24-bit colour: its environment says so locally (`COLORTERM`, a `-direct`
/// terminal type), its answer to a DECRQSS of a 24-bit SGR says so anywhere, SSH included (the
/// environment rarely crosses).
public enum DirectColorChoice {
    /// The environment names 24-bit colour.
    public static func environmentSays(_ environment: [String: String]) -> Bool {
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        let term = (environment["TERM"] ?? "").lowercased()
        return colorterm == "truecolor" || colorterm == "24bit" || term.contains("-direct")
    }

    /// True when pictures may be drawn in 24-bit colour.
    public static func isDirect(environment: [String: String], answers: TerminalAnswers) -> Bool {
        answers.directColor == true || environmentSays(environment)
    }
}

/// The file `openmarket config init` writes: every setting at its default, commented out, each with a line
/// on what it does, and an example named server — so the file documents itself and changes nothing until a
/// line is uncommented.
public enum SettingsTemplate {
    /// The file's text for the settings `specs` describe, in their order.
    public static func text(specs: [SettingSpec]) -> String {
        var lines = [
            "# openmarket settings (YAML). Options on the command line win over the environment, which wins over",
            "# the layout, pictures and colours remembered from the last exit, which win over this file. Every",
            "# setting below is at its default: remove the \"# \" before one to change it.",
            "# `openmarket config show` prints what is in effect, and where each value comes from.",
        ]
        for spec in specs {
            lines += ["", "# \(spec.summary)", "# \(spec.name): \(spec.defaultText)"]
        }
        lines += [
            "",
            "# Markets by name, for `server: course` or `--server course`; the identity is used for writes there.",
            "# servers:",
            "#   course:",
            "#     url: http://127.0.0.1:8080",
            "#     identifier: my-vendor-identifier",
            "#     secret: my-vendor-secret",
            "",
            "# Themes of your own: a built-in base and the styles it changes; `theme: mine` draws it.",
            "# themes:",
            "#   mine:",
            "#     base: dark",
            "#     price: { fg: \"#00af5f\", bold: true }",
            "",
            "# Keys of your own, by action (README: Keys); an action's keys replace its defaults.",
            "# keys:",
            "#   move.down: [j, down]",
            "#   move.up: [k, up]",
            "#   form.submit: ctrl-s",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

}

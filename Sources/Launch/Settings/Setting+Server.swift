import Settings

extension Setting where Value == MarketChoice {
    /// The market browsed: `embedded`, a URL, or a name under `servers`.
    public static let server = Setting(
        SettingSpec(
            name: "server", kind: .text, defaultText: "embedded",
            summary: "The market browsed: a name under `servers`, or a URL; `embedded` starts one in-process."),
        standard: .embedded,
        parse: { text, context throws(SettingRefusal) in
            if text == "embedded" { return .embedded }
            if SettingsFile.isURL(text) { return .url(text) }
            if let named = context.file.servers[text] { return .named(named) }
            let names = context.file.servers.keys.sorted()
            throw SettingRefusal(
                allowed: "a URL such as http://127.0.0.1:8080"
                    + (names.isEmpty ? "" : " or the name of a server in \(context.file.path ?? "the settings") (\(names.joined(separator: ", ")))"),
                problem: "“\(SettingsError.printable(text))” is neither a URL nor a name under `servers`", candidates: names)
        },
        words: { $0.label })
}

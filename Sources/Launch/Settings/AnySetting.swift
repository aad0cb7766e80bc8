public import Settings

/// A `Setting` of any value, as the table of every setting holds it: resolved by the layers, checked in the
/// file, shown by `config show`.
public protocol AnySetting: Sendable {
    /// The file's words for it.
    var spec: SettingSpec { get }
    /// Resolves it among `layers`.
    func resolvedEntry(in layers: SettingLayers) throws(InvalidSettingValue) -> ResolvedSettings.Entry
    /// Checks what the file says of it (what a value names: a server, a theme), at the value's line.
    func check(_ context: SettingContext) throws(SettingsError)
}

extension Setting: AnySetting {
    public func resolvedEntry(in layers: SettingLayers) throws(InvalidSettingValue) -> ResolvedSettings.Entry {
        let resolved = try layers.resolve(self)
        return ResolvedSettings.Entry(value: resolved.value, origin: resolved.origin, text: words(resolved.value))
    }

    public func check(_ context: SettingContext) throws(SettingsError) {
        guard let entry = context.file[name], let path = context.file.path, !passesOn.contains(entry.value.lowercased()) else { return }
        do throws(SettingRefusal) {
            _ = try parse(entry.value, context)
        } catch {
            throw SettingsError(
                path: path, line: entry.line, key: name,
                problem: error.problem ?? "“\(SettingsError.printable(entry.value))” is not one of them; expected \(spec.expected)",
                suggestion: NearestName.among(error.candidates, to: entry.value))
        }
    }
}

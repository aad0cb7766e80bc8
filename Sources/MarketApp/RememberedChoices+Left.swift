public import Settings

extension RememberedChoices {
    /// These choices with what the user changed in a session over them: graphics pictures are kept as `auto`
    /// (the next terminal may draw other graphics, or none), half blocks and none as they are; what was not
    /// changed stays as it was kept.
    public func updated(by left: BrowserRuntime.LeftChoices) -> RememberedChoices {
        var kept = self
        if let layout = left.layout { kept.layout = layout.rawValue }
        if let pictures = left.pictures { kept.pictures = pictures.isGraphics ? "auto" : pictures.rawValue }
        if let colors = left.colors { kept.colors = colors.settingName }
        return kept
    }
}

public import Settings

extension RememberedChoices {
    /// The choices to keep from what a browser was left with: graphics pictures are kept as `auto` (the next
    /// terminal may draw other graphics, or none), half blocks and none as they are.
    public init(left: BrowserRuntime.LeftChoices) {
        let pictures = left.pictures.isGraphics ? "auto" : left.pictures.rawValue
        self.init(layout: left.layout.rawValue, pictures: pictures, colors: left.colors.settingName)
    }
}

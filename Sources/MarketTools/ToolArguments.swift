public import MCP
import MarketWords

/// A call's arguments, read by the tool's own ``ToolParameter``s: a value outside the parameter's bounds, of
/// the wrong kind, or missing when required is refused with the parameter's name.
public struct ToolArguments: Sendable {
    /// The arguments as the call sent them.
    public var values: [String: Value]

    public init(_ values: [String: Value]) {
        self.values = values
    }

    /// The whole number given for `parameter` (nil: not given), within its range.
    public func integer(_ parameter: ToolParameter) throws(ToolRefusal) -> Int? {
        guard case .integer(let range) = parameter.kind else { preconditionFailure("\(parameter.name) is no integer") }
        guard let value = try given(parameter) else { return nil }
        guard let number = value.intValue ?? value.doubleValue.flatMap({ Int(exactly: $0) }) else { throw ToolRefusal("\(parameter.name) must be a whole number") }
        if number < range.lowerBound {
            throw ToolRefusal(range.upperBound == .max
                ? "\(parameter.name) must be \(range.lowerBound) or more"
                : "\(parameter.name) must be from \(range.lowerBound) to \(range.upperBound)")
        }
        if number > range.upperBound { throw ToolRefusal("\(parameter.name) must be at most \(range.upperBound)") }
        return number
    }

    /// True or false given for `parameter` (nil: not given).
    public func boolean(_ parameter: ToolParameter) throws(ToolRefusal) -> Bool? {
        guard let value = try given(parameter) else { return nil }
        guard let flag = value.boolValue else { throw ToolRefusal("\(parameter.name) must be true or false") }
        return flag
    }

    /// The text given for `parameter` (nil: not given); a number given is taken as its text, as a form field
    /// would hold it. Lengths and words are left to whom reads the text (the draft's rules say them in the form's
    /// words); ``word(_:as:)`` checks words.
    public func text(_ parameter: ToolParameter) throws(ToolRefusal) -> String? {
        guard let value = try given(parameter) else { return nil }
        if let text = value.stringValue { return text }
        if let number = value.intValue { return String(number) }
        if let number = value.doubleValue { return "\(number)" }
        throw ToolRefusal("\(parameter.name) must be text")
    }

    /// The word given for `parameter` as `Word` (nil: not given); any other word is refused, naming the words.
    public func word<Word: RawRepresentable & CaseIterable>(_ parameter: ToolParameter, as _: Word.Type) throws(ToolRefusal) -> Word?
    where Word.RawValue == String {
        guard let text = try text(parameter) else { return nil }
        guard let word = Word(rawValue: text) else {
            throw ToolRefusal("\(parameter.name) must be \(Word.allCases.spoken), not \(text)")
        }
        return word
    }

    /// The paths given for `parameter` (empty: none, even when required); how many is the draft's rule to say,
    /// in the form's words, beside the draft's other broken rules.
    public func files(_ parameter: ToolParameter) throws(ToolRefusal) -> [String] {
        guard let value = values[parameter.name], !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw ToolRefusal("\(parameter.name) must be a list of file paths") }
        return try items.map { item throws(ToolRefusal) in
            guard let path = item.stringValue else { throw ToolRefusal("\(parameter.name) must be a list of file paths") }
            return path
        }
    }

    /// The value under the parameter's name, or nil; missing when required is refused.
    private func given(_ parameter: ToolParameter) throws(ToolRefusal) -> Value? {
        guard let value = values[parameter.name], !value.isNull else {
            if parameter.isRequired { throw ToolRefusal("\(parameter.name) is required: \(parameter.meaning)") }
            return nil
        }
        return value
    }
}

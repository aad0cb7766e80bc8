/// A yes/no question over the screen. "No" is chosen until the user moves to "Yes".
public struct Confirmation: Sendable, Equatable {
    /// What answering yes does.
    public enum Action: Sendable, Equatable {
        case deleteProduct(id: Int, name: String)
    }

    public var action: Action
    public var yesFocused = false

    public init(action: Action) {
        self.action = action
    }

    /// The question, for the dialog.
    public var question: String {
        switch action {
        case .deleteProduct(_, let name): "Delete “\(name)”? This cannot be undone."
        }
    }
}

/// Who is writing: the vendor's numeric id when it is known (the embedded server's demo vendor).
public struct WriterIdentity: Sendable, Equatable {
    public var vendorID: Int?
    public var vendorName: String?

    public init(vendorID: Int?, vendorName: String? = nil) {
        self.vendorID = vendorID
        self.vendorName = vendorName
    }
}

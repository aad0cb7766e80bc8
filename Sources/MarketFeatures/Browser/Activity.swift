public import Localization

/// What is under way, beside the spinner.
public enum Activity: Sendable, Equatable, CaseIterable {
    case loading, loadingProduct, deleting, uploading, saving

    /// The words beside the spinner.
    public var phrase: Phrase {
        switch self {
        case .loading: .busyLoading
        case .loadingProduct: .busyLoadingProduct
        case .deleting: .busyDeleting
        case .uploading: .busyUploading
        case .saving: .busySaving
        }
    }

    /// What is said when the user stops it.
    public var cancelledPhrase: Phrase {
        switch self {
        case .uploading: .uploadCancelled
        case .saving: .savingCancelled
        case .deleting: .deletingCancelled
        case .loading, .loadingProduct: .loadingCancelled
        }
    }
}

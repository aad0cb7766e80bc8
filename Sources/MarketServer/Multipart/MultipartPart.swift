/// One part of a `multipart/form-data` body.
struct MultipartPart: Sendable, Equatable {
    /// The `name` of its Content-Disposition.
    var name: String
    /// The `filename` of its Content-Disposition, when it has one.
    var filename: String?
    /// Its Content-Type header, when it has one.
    var contentType: String?
    /// The content bytes.
    var body: ArraySlice<UInt8>
}

/// One part of a `multipart/form-data` body.
package struct MultipartPart: Sendable, Equatable {
    /// The `name` of its Content-Disposition.
    package var name: String
    /// The `filename` of its Content-Disposition, when it has one.
    package var filename: String?
    /// Its Content-Type header, when it has one.
    package var contentType: String?
    /// The content bytes.
    package var body: ArraySlice<UInt8>
}

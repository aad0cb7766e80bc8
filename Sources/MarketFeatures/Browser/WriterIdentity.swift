/// Who is writing: the vendor's numeric id when it is known (the embedded server's demo vendor).
public struct WriterIdentity: Sendable, Equatable {
    public var vendorID: Int?
    public var vendorName: String?

    public init(vendorID: Int?, vendorName: String? = nil) {
        self.vendorID = vendorID
        self.vendorName = vendorName
    }
}

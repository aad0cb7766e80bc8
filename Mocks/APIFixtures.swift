import Foundation

/// The JSON (and not-JSON) answers in `Mocks/Fixtures`, loaded from the bundle.
public enum APIFixtures {
    /// Every fixture file, by what it shows.
    public enum Name: String, CaseIterable, Sendable {
        /// A page as our server sends it: camelCase page keys, page 2 of 3.
        case pageCamel = "page-camel.json"
        /// A page from an older dump: snake_case page keys, `.00` and `yyyy-MM-dd HH:mm:ss.SSS` dates.
        case pageSnake = "page-snake.json"
        /// A page with only `pageNo`, `itemsPerPage`, `totalCount` and `pages`: the rest must be derived.
        case pageDerived = "page-derived.json"
        /// Edge cases: exponent prices, 2.36, empty and missing description, EUR, missing vendorName,
        /// Korean, all three date forms, control characters in a name, a leap day.
        case pageEdge = "page-edge.json"
        /// A full detail with two images and `vendors`.
        case detail = "detail.json"
        /// A detail without description, images or vendors, with an empty thumbnail.
        case detailMinimal = "detail-minimal.json"
        /// An API error body: `{"code":403,"message":"secret is wrong for this vendor"}`.
        case error = "error.json"
        /// `pages[3].price` is a string.
        case pageWrongType = "page-wrong-type.json"
        /// `pages[1]` has no `name`.
        case pageMissingName = "page-missing-name.json"
        /// `pages[0].created_at` is not a date.
        case pageBadDate = "page-bad-date.json"
        /// A proxy's HTML error page.
        case notJSON = "not-json.html"
    }

    /// The file's URL inside the resource bundle.
    public static func url(_ name: Name) throws -> URL {
        try resource(name.rawValue, in: "Fixtures")
    }

    /// A file of the resource bundle, or a "no such file" error naming it.
    static func resource(_ name: String, in directory: String) throws -> URL {
        let file = name as NSString
        guard
            let url = Bundle.module.url(
                forResource: file.deletingPathExtension, withExtension: file.pathExtension, subdirectory: directory)
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(directory)/\(name)"])
        }
        return url
    }

    /// The file's bytes.
    public static func bytes(_ name: Name) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name)))
    }

    /// The file's text.
    public static func text(_ name: Name) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}

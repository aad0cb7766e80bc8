import Foundation
import OpenMarketAPI
import Testing

@Suite("MultipartEncoder: registration bodies, byte for byte")
struct MultipartEncoderTests {
    @Test("params then two pictures, CRLF everywhere, closed with --boundary--")
    func twoPictures() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x0D, 0x0A, 0x2D, 0x2D, 0x00]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let encoder = MultipartEncoder(boundary: "XyZ123")
        let body = encoder.encode(
            paramsJSON: #"{"name":"Mug","price":2.36}"#,
            pictures: [
                UploadPicture(filename: "a.jpg", bytes: jpeg, mimeType: "image/jpeg"),
                UploadPicture(filename: "b.png", bytes: png, mimeType: "image/png"),
            ])
        var expected: [UInt8] = []
        expected += Array("--XyZ123\r\n".utf8)
        expected += Array("Content-Disposition: form-data; name=\"params\"\r\n".utf8)
        expected += Array("Content-Type: application/json\r\n".utf8)
        expected += Array("\r\n".utf8)
        expected += Array(#"{"name":"Mug","price":2.36}"#.utf8)
        expected += Array("\r\n--XyZ123\r\n".utf8)
        expected += Array("Content-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n".utf8)
        expected += Array("Content-Type: image/jpeg\r\n\r\n".utf8)
        expected += jpeg
        expected += Array("\r\n--XyZ123\r\n".utf8)
        expected += Array("Content-Disposition: form-data; name=\"images\"; filename=\"b.png\"\r\n".utf8)
        expected += Array("Content-Type: image/png\r\n\r\n".utf8)
        expected += png
        expected += Array("\r\n--XyZ123--\r\n".utf8)
        #expect(body == expected, "got:\n\(visible(body))")
        #expect(encoder.contentType == "multipart/form-data; boundary=XyZ123")
    }

    @Test("params alone")
    func paramsOnly() {
        let body = MultipartEncoder(boundary: "b").encode(paramsJSON: "{}", pictures: [])
        let expected =
            "--b\r\nContent-Disposition: form-data; name=\"params\"\r\n"
            + "Content-Type: application/json\r\n\r\n{}\r\n--b--\r\n"
        #expect(body == Array(expected.utf8), "got:\n\(visible(body))")
    }

    @Test("quotes and backslashes in file names are escaped; CR and LF are removed; Korean stays")
    func filenames() {
        let picture = UploadPicture(filename: "my \"best\"\r\n\\cup 머그.jpg", bytes: [1], mimeType: "image/jpeg")
        let body = MultipartEncoder(boundary: "b").encode(paramsJSON: "{}", pictures: [picture])
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("filename=\"my \\\"best\\\"\\\\cup 머그.jpg\"\r\nContent-Type: image/jpeg\r\n"), "\(text)")
        let dispositions = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("Content-Disposition") }
        #expect(dispositions.count == 2)
    }

    @Test("a content type cannot break its header line")
    func contentTypeInjection() {
        let picture = UploadPicture(filename: "a.jpg", bytes: [], mimeType: "image/jpeg\r\nX-Evil: 1")
        let text = String(
            decoding: MultipartEncoder(boundary: "b").encode(paramsJSON: "{}", pictures: [picture]), as: UTF8.self)
        #expect(text.contains("Content-Type: image/jpegX-Evil: 1\r\n"))
        #expect(!text.contains("\r\nX-Evil"))
    }

    @Test("random boundaries are long, distinct and made of safe characters")
    func randomBoundary() {
        let boundaries = (0..<50).map { _ in MultipartEncoder().boundary }
        #expect(Set(boundaries).count == 50)
        for boundary in boundaries {
            #expect((30...70).contains(boundary.count))
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        }
    }

    @Test("the content type of a picture is read from its signature")
    func sniffing() {
        #expect(UploadPicture(filename: "x", bytes: [0xFF, 0xD8, 0xFF, 0xDB]).mimeType == "image/jpeg")
        #expect(
            UploadPicture(filename: "x.jpg", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).mimeType
                == "image/png")
        #expect(UploadPicture(filename: "x.png", bytes: Array("GIF89a".utf8)).mimeType == "application/octet-stream")
    }
}

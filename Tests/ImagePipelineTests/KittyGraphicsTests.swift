import Foundation
import ImageCodec
import Mocks
import Testing

@testable import ImagePipeline

@Suite("Kitty graphics protocol")
struct KittyGraphicsTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    static let red = PixelImage(width: 1, height: 1, fill: RGB(255, 0, 0))
    static let raw = KittyGraphicsEncoder(formats: [.rgb])

    @Test("transmit and display, transmit only: whole commands")
    func transmitStrings() throws {
        #expect(
            Self.text(try Self.raw.transmitAndDisplay(Self.red, id: 7, columns: 2, rows: 1))
                == "⎋_Ga=T,f=24,s=1,v=1,i=7,q=2,c=2,r=1,C=1;/wAA⎋\\")
        #expect(
            Self.text(try Self.raw.transmitAndDisplay(Self.red, id: 7, placement: 3, columns: 2, rows: 1))
                == "⎋_Ga=T,f=24,s=1,v=1,i=7,p=3,q=2,c=2,r=1,C=1;/wAA⎋\\")
        #expect(
            Self.text(try Self.raw.transmit(Self.red, id: 4_294_967_295))
                == "⎋_Ga=t,f=24,s=1,v=1,i=4294967295,q=2;/wAA⎋\\")
        let png = KittyGraphicsEncoder.Payload(format: .png, width: 1, height: 1, bytes: [1, 2, 3])
        #expect(Self.text(KittyGraphicsEncoder.transmit(png, id: 9)) == "⎋_Ga=t,f=100,i=9,q=2;AQID⎋\\")
        let zipped = KittyGraphicsEncoder.Payload(format: .zlibRGB, width: 5, height: 6, bytes: [1, 2, 3])
        #expect(
            Self.text(KittyGraphicsEncoder.transmitAndDisplay(zipped, id: 1, columns: 3, rows: 4))
                == "⎋_Ga=T,f=24,s=5,v=6,o=z,i=1,q=2,c=3,r=4,C=1;AQID⎋\\")
    }

    @Test("place by id with a placement id, a part of the picture, a z-index")
    func placeStrings() {
        #expect(
            Self.text(KittyGraphicsEncoder.place(id: 7, placement: 3, columns: 10, rows: 5))
                == "⎋_Ga=p,i=7,p=3,q=2,c=10,r=5,C=1⎋\\")
        let part = KittyGraphicsEncoder.SourceRect(x: 0, y: 20, width: 80, height: 40)
        #expect(
            Self.text(KittyGraphicsEncoder.place(id: 7, placement: 4, columns: 10, rows: 2, source: part, zIndex: -1))
                == "⎋_Ga=p,i=7,p=4,q=2,c=10,r=2,x=0,y=20,w=80,h=40,z=-1,C=1⎋\\")
    }

    @Test("delete a placement, an image's placements, an image with its data, everything")
    func deleteStrings() {
        let cases: [(KittyGraphicsEncoder.Deletion, String)] = [
            (.placement(image: 7, placement: 3), "⎋_Ga=d,d=i,i=7,p=3,q=2⎋\\"),
            (.placements(image: 7), "⎋_Ga=d,d=i,i=7,q=2⎋\\"),
            (.image(7), "⎋_Ga=d,d=I,i=7,q=2⎋\\"),
            (.allPlacements, "⎋_Ga=d,d=a,q=2⎋\\"),
            (.everything, "⎋_Ga=d,d=A,q=2⎋\\"),
        ]
        for (deletion, expected) in cases {
            #expect(Self.text(KittyGraphicsEncoder.delete(deletion)) == expected)
        }
    }

    @Test("virtual placement and Unicode placeholder cells")
    func placeholders() {
        #expect(
            Self.text(KittyGraphicsEncoder.virtualPlacement(id: 7, placement: 2, columns: 4, rows: 2))
                == "⎋_Ga=p,U=1,i=7,p=2,q=2,c=4,r=2⎋\\")
        #expect(
            Self.text(KittyGraphicsEncoder.virtualPlacement(id: 7, columns: 4, rows: 2))
                == "⎋_Ga=p,U=1,i=7,q=2,c=4,r=2⎋\\")
        #expect(
            KittyPlaceholder.cell(row: 0, column: 0, imageID: 7).unicodeScalars.map(\.value) == [
                0x10EEEE, 0x305, 0x305,
            ])
        #expect(
            KittyPlaceholder.cell(row: 2, column: 1, imageID: 7).unicodeScalars.map(\.value) == [
                0x10EEEE, 0x30E, 0x30D,
            ])
        // 33554474 = 2 × 2^24 + 42: the top byte is a third diacritic (number 2), 42 the colour.
        #expect(
            KittyPlaceholder.cell(row: 0, column: 1, imageID: 33_554_474).unicodeScalars.map(\.value)
                == [0x10EEEE, 0x305, 0x30D, 0x30E])
        let row = KittyPlaceholder.row(1, columns: 2, imageID: 0x0203FF, placement: 5)
        let cells =
            KittyPlaceholder.cell(row: 1, column: 0, imageID: 0x0203FF)
            + KittyPlaceholder.cell(row: 1, column: 1, imageID: 0x0203FF)
        #expect(row == "\u{1B}[38;2;2;3;255m\u{1B}[58;2;0;0;5m" + cells + "\u{1B}[39;59m")
        #expect(
            KittyPlaceholder.row(0, columns: 1, imageID: 42) == "\u{1B}[38;2;0;0;42m\u{10EEEE}\u{305}\u{305}\u{1B}[39m")
    }

    @Test("the 297 diacritics are distinct combining marks above, numbered both ways")
    func diacritics() {
        #expect(KittyPlaceholder.limit == 297)
        let all = (0..<297).map(KittyPlaceholder.diacritic)
        #expect(Set(all).count == 297)
        #expect(all.allSatisfy { $0.properties.canonicalCombiningClass == .above })
        #expect(all.allSatisfy { $0.properties.generalCategory == .nonspacingMark })
        #expect((0..<297).allSatisfy { KittyPlaceholder.number(of: all[$0]) == $0 })
        #expect(all[296].value == 0x1D244 && all[100].value == 0x07EB)
        #expect(KittyPlaceholder.number(of: "a") == nil)
    }

    @Test("payloads of 4096 base64 bytes go whole; 4100 and 8192 go in 4096-byte pieces, m=1 then m=0")
    func chunking() throws {
        // Raw RGB: 32×32 is 3072 bytes, 4096 in base64; 41×25 is 3075 bytes, 4100 (base64 is always 4n,
        // so 4097 cannot happen); 64×32 is 8192.
        let square = FixturePictures.photo(width: 32, height: 32)
        let exact = try Self.raw.transmitAndDisplay(square, id: 1, columns: 4, rows: 2)
        let base64 = Data(square.pixels).base64EncodedString()
        #expect(base64.count == 4096)
        #expect(Self.text(exact) == "⎋_Ga=T,f=24,s=32,v=32,i=1,q=2,c=4,r=2,C=1;" + base64 + "⎋\\")
        let exactCommands = try KittyPayloadDecoder().decode(exact)
        #expect(exactCommands.count == 1 && exactCommands[0].chunkSizes == [4096])

        let over = try Self.raw.transmitAndDisplay(
            FixturePictures.photo(width: 41, height: 25), id: 1, columns: 4, rows: 2)
        let overText = Self.text(over)
        #expect(overText.hasPrefix("⎋_Ga=T,f=24,s=41,v=25,i=1,q=2,c=4,r=2,C=1,m=1;"))
        let pieces = overText.components(separatedBy: "⎋\\").filter { !$0.isEmpty }
        #expect(pieces.count == 2)
        #expect(pieces[1].hasPrefix("⎋_Gm=0,q=2;") && pieces[1].count == "⎋_Gm=0,q=2;".count + 4)
        let overCommands = try KittyPayloadDecoder().decode(over)
        #expect(overCommands.count == 1 && overCommands[0].chunkSizes == [4096, 4])
        #expect(overCommands[0].continuationKeys == [["m=0", "q=2"]])

        let double = try Self.raw.transmit(FixturePictures.photo(width: 64, height: 32), id: 2)
        let doubleCommands = try KittyPayloadDecoder().decode(double)
        #expect(doubleCommands.count == 1 && doubleCommands[0].chunkSizes == [4096, 4096])
        #expect(Self.text(double).components(separatedBy: "m=").count == 3, "m=1 on the first, m=0 on the last")

        let big = try KittyGraphicsEncoder(formats: [.rgb]).transmit(
            FixturePictures.photo(width: 100, height: 100), id: 3)
        let bigCommand = try #require(try KittyPayloadDecoder().decode(big).first)
        #expect(bigCommand.chunkSizes.dropLast().allSatisfy { $0 == 4096 })
        #expect(bigCommand.chunkSizes.reduce(0, +) == 40_000)
        #expect(bigCommand.continuationKeys.dropLast().allSatisfy { $0 == ["m=1", "q=2"] })
        #expect(bigCommand.continuationKeys.last == ["m=0", "q=2"])
    }

    @Test(
        "every format decodes back to the very same pixels",
        arguments: [KittyGraphicsEncoder.Format.png, .rgb, .zlibRGB])
    func lossless(format: KittyGraphicsEncoder.Format) throws {
        for image in [
            FixturePictures.photo(width: 97, height: 53), FixturePictures.pattern(width: 1, height: 1),
            SixelTests.gradient(width: 61, height: 47),
        ] {
            let bytes = try KittyGraphicsEncoder(formats: [format]).transmitAndDisplay(
                image, id: 5, columns: 9, rows: 3)
            let command = try #require(try KittyPayloadDecoder().decode(bytes).first)
            let decoded = try #require(command.image)
            #expect(decoded == image)
            #expect(PictureQuality.psnr(decoded, image) >= 30)
            #expect(command.values["q"] == "2" && command.values["i"] == "5" && command.values["a"] == "T")
        }
    }

    @Test("the smaller of PNG and compressed RGB is sent, and the demo-like photo survives exactly")
    func smallest() throws {
        let encoder = KittyGraphicsEncoder()
        for image in [
            FixturePictures.photo(width: 160, height: 120), StudioPhoto().scaled(width: 240, height: 180),
            PixelImage(width: 50, height: 20, fill: RGB(1, 2, 3)),
        ] {
            let payload = try encoder.payload(for: image)
            let png = try ImageEncoder().png(image)
            let zipped = try Zlib().compress(image.pixels)
            #expect(payload.bytes.count == min(png.count, zipped.count))
            #expect(payload.format == (png.count <= zipped.count ? .png : .zlibRGB))
            let decoded = try KittyPayloadDecoder().decode(
                try encoder.transmitAndDisplay(image, id: 1, columns: 2, rows: 1))
            #expect(decoded.first?.image == image)
        }
    }

    @Test("the test decoder refuses broken streams")
    func decoderIsStrict() {
        func refuses(_ text: String) -> Bool { (try? KittyPayloadDecoder().decode(Array(text.utf8))) == nil }
        #expect(!refuses("\u{1B}_Ga=T,f=24,s=1,v=1,i=7,q=2;/wAA\u{1B}\\"))
        #expect(refuses("\u{1B}_Ga=T,f=24,s=1,v=1,i=7,q=2;/wA\u{1B}\\"), "not base64")
        #expect(refuses("\u{1B}_Ga=T,f=24,s=2,v=1,i=7,q=2;/wAA\u{1B}\\"), "too few pixels")
        #expect(refuses("\u{1B}_Ga=T,f=24,s=1,v=1,i=7,m=1;/wAA\u{1B}\\"), "unfinished")
        #expect(refuses("\u{1B}_Ga=T,f=24,s=1,v=2,m=1;/w\u{1B}\\\u{1B}_Gm=0;AA/wAA\u{1B}\\"), "first piece not 4n")
        #expect(
            refuses("\u{1B}_Ga=T,f=24,s=1,v=2,m=1;/wAA\u{1B}\\\u{1B}_Gm=0,i=3;/wAA\u{1B}\\"), "keys on a continuation")
        #expect(refuses("x\u{1B}_Ga=d,d=a\u{1B}\\"), "stray byte")
    }
}

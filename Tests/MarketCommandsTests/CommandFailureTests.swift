import Foundation
import ImagePipeline
import MarketCommands
import OpenMarketAPI
import Testing

/// A failure's line and its sysexits status, for the causes a command meets besides the market's answers
/// (`EditChangesTests.statuses` has those).
@Suite("A command's failures")
struct CommandFailureTests {
    @Test("a picture file: missing, a folder or unreadable is 66 (no input); too big or not a picture is 65 (refused)")
    func pictures() {
        #expect(CommandFailure(UploadPictureError.missing("/tmp/a.jpg")).status == CommandFailure.missing)
        #expect(CommandFailure(UploadPictureError.directory("/tmp")).status == CommandFailure.missing)
        #expect(CommandFailure(UploadPictureError.unreadable("/root/a.jpg")).status == CommandFailure.missing)
        #expect(CommandFailure(UploadPictureError.tooBig("/tmp/b.jpg", bytes: 70 << 20)).status == CommandFailure.refused)
        let notAPicture = CommandFailure(UploadPictureError.notAPicture("/tmp/c.txt", reason: "not a JPEG or PNG"))
        #expect(notAPicture.status == CommandFailure.refused && notAPicture.lines.count == 1 && notAPicture.description.contains("/tmp/c.txt"))
    }

    @Test("a draft's broken rules: a line each, named by the option that sets the field, or by the MCP tool's argument; 65")
    func rules() {
        let violations = ProductDraft(name: "ab", description: "short", price: "a lot", pictureCount: 0).validate()
        let byOption = CommandFailure(violations)
        #expect(byOption.status == CommandFailure.refused)
        #expect(byOption.lines.count == violations.count && violations.count >= 4, "\(byOption.lines)")
        #expect(byOption.lines.contains { $0.hasPrefix("--name: ") } && byOption.lines.contains { $0.hasPrefix("--picture: ") })
        #expect(byOption.lines.contains { $0.hasPrefix("--price: ") } && byOption.lines.contains { $0.hasPrefix("--description: ") })
        let byArgument = CommandFailure(violations, naming: \.argumentName)
        #expect(byArgument.lines.contains { $0.hasPrefix("name: ") } && byArgument.lines.contains { $0.hasPrefix("pictures: ") })
        #expect(DraftField.discountedPrice.optionName == "--discount" && DraftField.discountedPrice.argumentName == "discount")
        #expect(DraftField.allCases.allSatisfy { $0.optionName.hasPrefix("--") && !$0.argumentName.hasPrefix("-") })
    }

    @Test("a write without an identity says every way to give one; 77")
    func noIdentity() {
        #expect(CommandFailure.noIdentity.status == CommandFailure.notAllowed)
        let line = CommandFailure.noIdentity.description
        for way in ["--identifier", "--secret", "OPENMARKET_IDENTIFIER", "OPENMARKET_SECRET", "named server", "demo vendor"] {
            #expect(line.contains(way), "\(way)")
        }
    }
}

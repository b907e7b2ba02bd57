import Foundation
import LocutorCore

@testable import LocutorPhonemes

/// The tables shipped in voices/espeak, read from the repository the tests were built from.
enum ShippedMnemonicTables {
    static let voices = ["es-419", "es", "pt-br", "en-us", "ru", "fr-be", "nl"]

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LocutorCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("voices/espeak")

    static func text(_ voice: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(voice).yaml"), encoding: .utf8)
    }

    static func table(_ voice: String) throws -> MnemonicTable {
        try MnemonicTable(yaml: text(voice), origin: "voices/espeak/\(voice).yaml")
    }
}

import Foundation
import LocutorCore

/// The repository's plural data, read from paths relative to this file.
enum PluralFixtures {
    /// The repository's root: Tests/LocutorCoreTests/ is two folders down.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let rulesPath = "voices/cldr/plurals.yaml"

    /// voices/cldr/plurals.yaml, loaded once.
    static let book: Result<PluralRuleBook, any Error> = Result {
        try PluralRuleBook(yaml: text(rulesPath), origin: rulesPath)
    }

    /// The rules of `language` from voices/cldr/plurals.yaml.
    static func rules(_ language: String) throws -> PluralRules {
        let book = try book.get()
        guard let rules = book[language] else { throw Missing(language: language) }
        return rules
    }

    struct Missing: Error, CustomStringConvertible {
        let language: String
        var description: String { "no rules for '\(language)' in \(PluralFixtures.rulesPath)" }
    }
}

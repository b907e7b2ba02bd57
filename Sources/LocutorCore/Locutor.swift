import Foundation
import LocutorVoices

/// What a screen reader should say for prices, units and display text in one region.
///
/// ```swift
/// let locutor = try Locutor(region: "es-AR")
/// let utterance = try locutor.utterance(for: "$ 1.299.900")
/// utterance.words   // "un millón doscientos noventa y nueve mil novecientos pesos"
/// utterance.label   // "1.299.900 pesos"
/// ```
///
/// The region's data (its language's words, number format, currency, pronunciation hints) comes
/// from the `voices/` folder that ships with Locutor as a resource, or from a folder you name.
/// Loading a region reads and checks its files once; keep the value and call it as often as you
/// like, from any thread.
public struct Locutor: Sendable {
    /// The region: `es-AR`.
    public let region: String
    let normalizer: Normalizer

    /// Loads a region.
    ///
    /// - Parameters:
    ///   - region: a region of the data, such as `es-AR`, `pt-BR`, `en-US` or `ru-RU`.
    ///   - voices: a voices folder to read instead of the one bundled with Locutor.
    /// - Throws: `DataError` when the region does not exist or its files have problems; every
    ///   problem names its file, line and column and how to fix it.
    public init(region: String, voices: URL? = nil) throws(DataError) {
        let library = try Self.library(voices)
        self.region = region
        normalizer = Normalizer(profile: try library.profile(RegionID(region)))
    }

    package init(profile: RegionProfile) {
        region = profile.id.rawValue
        normalizer = Normalizer(profile: profile)
    }

    /// The regions the data has: `en-US`, `es-AR`, ….
    ///
    /// - Parameter voices: a voices folder to read instead of the one bundled with Locutor.
    /// - Throws: `DataError` when there is no such folder.
    public static func regions(voices: URL? = nil) throws(DataError) -> [String] {
        try library(voices).regionIDs.map(\.rawValue)
    }

    /// What to say for a display text: money, numbers, units, symbols, abbreviations, dates and
    /// times become words; everything else is kept as written.
    ///
    /// Reads as "$ 1.299.900" → "un millón doscientos noventa y nueve mil novecientos pesos" in
    /// es-AR, "2 bd. • 75 m²" → "two bedrooms, seventy-five square meters" in en-US.
    ///
    /// - Throws: `InputError` for an empty text or an amount that cannot be said exactly.
    public func utterance(for displayText: String) throws(InputError) -> Utterance {
        var utterance = try normalizer.utterance(for: displayText)
        utterance.region = region
        return utterance
    }

    /// What to say for a price component: a price, a struck-through previous price, a discount,
    /// installments, a suffix.
    ///
    /// Reads as `PriceComponent(price: 5249, previous: 6500, discount: 19)` → "antes: seis mil
    /// quinientos pesos, ahora: cinco mil doscientos cuarenta y nueve pesos, diecinueve por ciento
    /// de descuento" in es-AR.
    ///
    /// - Throws: `InputError` for a currency the language has no words for, more decimals than the
    ///   currency has, or an amount too large to spell exactly.
    public func utterance(for component: PriceComponent) throws(InputError) -> Utterance {
        var utterance = try normalizer.verbalizer.utterance(for: component)
        utterance.region = region
        return utterance
    }

    /// What to say for one line of input, as `locutor verbalize` reads it: a price component
    /// when the line is a JSON object (its first non-blank character is `{`), a display text
    /// otherwise.
    ///
    /// - Throws: `InputError` for malformed JSON or a line that cannot be said.
    package func utterance(forLine line: String) throws(InputError) -> Utterance {
        if line.unicodeScalars.first(where: { !$0.isSpaceLike }) == "{" {
            return try utterance(for: PriceComponent(json: line))
        }
        return try utterance(for: line)
    }

    package var profile: RegionProfile { normalizer.profile }

    // MARK: Libraries

    /// One library per folder for the whole process, so regions of one language share the
    /// language files they read.
    private static let libraries = LibraryCache()

    package static func library(_ voices: URL?) throws(DataError) -> RegionLibrary {
        guard let folder = voices ?? BundledVoices.folder else { throw missingBundle }
        return libraries.library(for: folder)
    }

    package static var missingBundle: DataError {
        let searched = BundledVoices.searchedFolders.map(\.path).joined(separator: ", ")
        return DataError([
            Diagnostic(
                SourceLocation(file: BundledVoices.bundleName, line: 1, column: 1),
                "the voices folder that ships with Locutor is not beside this program (looked in \(searched))",
                fix:
                    "copy \(BundledVoices.bundleName).resources (or .bundle) from the build folder beside the program, or name a voices folder"
            )
        ])
    }
}

private final class LibraryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var libraries: [String: RegionLibrary] = [:]

    func library(for folder: URL) -> RegionLibrary {
        let key = folder.standardizedFileURL.path
        return lock.withLock {
            if let library = libraries[key] { return library }
            let library = RegionLibrary(source: DataFolder(url: folder, displayPrefix: folder.path))
            libraries[key] = library
            return library
        }
    }
}

/// A voice as espeak-ng names it, with an optional variant: `es-419`, `es-419+f3`.
public struct VoiceSelection: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A language code (`es-419`), a voice name (`Spanish (Latin America)`) or an identifier (`roa/es-419`).
    public var name: String
    /// A variant from espeak-ng-data/voices/!v (`f3`, `klatt`), or nil for the voice as it is.
    public var variant: String?

    public init(name: String, variant: String? = nil) {
        self.name = name
        self.variant = variant
    }

    /// Reads `name+variant` as espeak-ng writes it.
    public init(parsing text: String) {
        if let plus = text.firstIndex(of: "+") {
            name = String(text[..<plus])
            let rest = String(text[text.index(after: plus)...])
            variant = rest.isEmpty ? nil : rest
        } else {
            name = text
            variant = nil
        }
    }

    /// `name+variant`, the form `espeak_SetVoiceByName` takes.
    public var description: String { variant.map { "\(name)+\($0)" } ?? name }
}

/// A voice installed in espeak-ng-data, as `espeak_ListVoices` reports it.
public struct InstalledVoice: Hashable, Sendable {
    /// The voice's name: `Spanish (Latin America)`.
    public let name: String
    /// The file under espeak-ng-data/voices: `roa/es-419`.
    public let identifier: String
    /// The languages it speaks, most preferred first: `es-419`.
    public let languages: [String]
}

/// How fast, how high and how loud a voice speaks. Every field is set before each utterance,
/// because espeak-ng keeps parameters across voices and does not check their ranges.
public struct SpeechParameters: Hashable, Sendable, Codable {
    /// Words per minute.
    public var rate: Int
    /// Base pitch, 0–100 (50 is the voice's own).
    public var pitch: Int
    /// Volume, 0–200 (100 is normal; louder distorts).
    public var volume: Int
    /// Pitch range, 0–100 (0 is monotone, 50 normal).
    public var range: Int
    /// Extra pause between words, in units of 10 ms at the normal rate.
    public var wordGap: Int

    /// The values the `espeak-ng` command line uses by default.
    public static let standard = SpeechParameters(rate: 175, pitch: 50, volume: 100, range: 50, wordGap: 0)

    public init(rate: Int, pitch: Int, volume: Int, range: Int, wordGap: Int) {
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.range = range
        self.wordGap = wordGap
    }

    /// Allowed values, from speak_lib.h of espeak-ng 1.51.
    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200
    public static let rangeRange = 0...100
    public static let wordGapRange = 0...1000

    /// - Throws: `SpeechError.parameterOutOfRange` naming the first value out of range.
    public func validated() throws -> SpeechParameters {
        let checks: [(String, Int, ClosedRange<Int>, String)] = [
            ("rate", rate, Self.rateRange, "words per minute"),
            ("pitch", pitch, Self.pitchRange, ""),
            ("volume", volume, Self.volumeRange, ""),
            ("range", range, Self.rangeRange, ""),
            ("word gap", wordGap, Self.wordGapRange, "× 10 ms"),
        ]
        for (name, value, allowed, unit) in checks where !allowed.contains(value) {
            throw SpeechError.parameterOutOfRange(name: name, value: value, range: allowed, unit: unit)
        }
        return self
    }
}

/// How a phoneme transcript is written.
public enum PhonemeNotation: String, Sendable, Codable, CaseIterable {
    /// The International Phonetic Alphabet: `ˈotʃo`.
    case ipa
    /// espeak-ng's own ASCII mnemonics, the form `[[…]]` input takes: `'otSo`.
    case mnemonics
}

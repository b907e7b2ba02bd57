import LocutorCore

/// The utterance of a catalog sample in a region.
public enum Utterances {
    /// - Throws: `DataError` when the region's data cannot be read, `InputError` when the sample
    ///   cannot be said there.
    public static func utterance(of sample: Catalog.Sample, in region: RegionID, library: VoiceLibrary) throws -> Utterance {
        let normalizer = Normalizer(profile: try library.profile(region))
        switch sample.content {
        case let .price(component, _):
            return try normalizer.verbalizer.utterance(for: component)
        case .text, .texts:
            return try normalizer.utterance(for: sample.input(for: region))
        }
    }
}

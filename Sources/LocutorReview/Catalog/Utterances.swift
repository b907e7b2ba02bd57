import Foundation
import LocutorCore

/// Says catalog samples, keeping one normalizer per region (building one costs more than
/// saying a sample with it).
package final class Utterances: @unchecked Sendable {
    private let library: RegionLibrary
    private let lock = NSLock()
    private var normalizers: [RegionID: Normalizer] = [:]

    package init(library: RegionLibrary) {
        self.library = library
    }

    /// The utterance of a sample in a region.
    ///
    /// - Throws: `DataError` when the region's data cannot be read, `InputError` when the sample
    ///   cannot be said there.
    package func utterance(of sample: Catalog.Sample, in region: RegionID) throws -> Utterance {
        let normalizer = try normalizer(for: region)
        switch sample.content {
        case let .price(component, _):
            return try normalizer.verbalizer.utterance(for: component)
        case .text, .texts:
            return try normalizer.utterance(for: sample.input(for: region))
        }
    }

    /// Loads the regions' data at once, on every core (each takes tens of milliseconds); a region
    /// that does not load fails later, where it is used.
    package func preload(_ regions: some Collection<RegionID>) {
        let regions = Array(Set(regions))
        DispatchQueue.concurrentPerform(iterations: regions.count) { _ = try? normalizer(for: regions[$0]) }
    }

    package func normalizer(for region: RegionID) throws -> Normalizer {
        if let cached = lock.withLock({ normalizers[region] }) { return cached }
        let normalizer = Normalizer(profile: try library.profile(region))
        lock.withLock { normalizers[region] = normalizer }
        return normalizer
    }

    /// The utterance of a sample in a region, with a normalizer made for the call.
    package static func utterance(of sample: Catalog.Sample, in region: RegionID, library: RegionLibrary) throws -> Utterance {
        try Utterances(library: library).utterance(of: sample, in: region)
    }
}

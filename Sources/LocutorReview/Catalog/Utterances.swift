import Foundation
import LocutorCore

/// Says catalog samples, keeping one normalizer per region (building one costs more than
/// saying a sample with it).
package final class Utterances: @unchecked Sendable {
    private let library: RegionLibrary
    private let condition = NSCondition()
    private var normalizers: [RegionID: Normalizer] = [:]
    /// Regions whose normalizer a thread is making: others wait for it rather than make their own.
    private var loading: Set<RegionID> = []

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

    /// The normalizer of a region, made once; a thread that asks while another makes it waits
    /// for that one.
    ///
    /// - Throws: `DataError` when the region's data cannot be read.
    package func normalizer(for region: RegionID) throws -> Normalizer {
        condition.lock()
        while loading.contains(region) { condition.wait() }
        if let cached = normalizers[region] {
            condition.unlock()
            return cached
        }
        loading.insert(region)
        condition.unlock()
        defer {
            condition.lock()
            loading.remove(region)
            condition.broadcast()
            condition.unlock()
        }
        let normalizer = Normalizer(profile: try library.profile(region))
        condition.withLock { normalizers[region] = normalizer }
        return normalizer
    }

    /// The utterance of a sample in a region, with a normalizer made for the call.
    package static func utterance(of sample: Catalog.Sample, in region: RegionID, library: RegionLibrary) throws -> Utterance {
        try Utterances(library: library).utterance(of: sample, in: region)
    }
}

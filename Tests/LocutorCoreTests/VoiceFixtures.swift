import Foundation
import Testing

@testable import LocutorCore

/// The repository's voices folder, in memory, so a test can break one file and load the rest.
enum VoiceFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("voices")

    /// Every file of the voices folder, by relative path.
    static let files: [String: String] = {
        var files: [String: String] = [:]
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in enumerator where ["yaml", "rbnf", "tsv"].contains(url.pathExtension) {
            let relative = String(url.path.dropFirst(folder.path.count + 1))
            files[relative] = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        }
        return files
    }()

    static let library = RegionLibrary(source: InMemoryFiles(files))

    static func profile(_ region: String) throws -> RegionProfile {
        try library.profile(RegionID(region))
    }

    /// A library where some files are replaced.
    static func library(replacing changes: [String: String]) -> RegionLibrary {
        RegionLibrary(source: InMemoryFiles(files).replacing(changes))
    }

    /// The diagnostics of loading `region` with `old` replaced by `new` in `file`, and the
    /// 1-based line of the first line of `file` that contains `marker` after the change; no
    /// diagnostics (and an issue recorded) when the changed data loads.
    static func loadErrors(
        _ file: String, replacing old: String, with new: String, region: String, marker: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (diagnostics: [Diagnostic], line: Int) {
        let changed = (files[file] ?? "").replacingOccurrences(of: old, with: new)
        let line = (changed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) } ?? 0) + 1
        do {
            _ = try library(replacing: [file: changed]).profile(RegionID(region))
            Issue.record("\(file) loaded with \(new.debugDescription)", sourceLocation: sourceLocation)
            return ([], line)
        } catch {
            return (error.diagnostics, line)
        }
    }

    /// The words form of a display text or JSON component in a region.
    static func words(_ input: String, _ region: String) throws -> String {
        try utterance(input, region).words
    }

    static func label(_ input: String, _ region: String) throws -> String {
        try utterance(input, region).label
    }

    static func utterance(_ input: String, _ region: String) throws -> Utterance {
        try locutor(region).utterance(forLine: input)
    }

    private static let speakers = SpeakerCache()

    /// One `Locutor` per region for all tests: making one builds the normalizer's tables.
    static func locutor(_ region: String) throws -> Locutor {
        try speakers.locutor(region) { Locutor(profile: try profile(region)) }
    }
}

final class SpeakerCache: @unchecked Sendable {
    private let lock = NSLock()
    private var speakers: [String: Locutor] = [:]

    func locutor(_ region: String, make: () throws -> Locutor) throws -> Locutor {
        if let speaker = lock.withLock({ speakers[region] }) { return speaker }
        let speaker = try make()
        lock.withLock { speakers[region] = speaker }
        return speaker
    }
}

import Foundation

/// Where region profiles and language data are read from: a folder, or files held in memory (an
/// app's bundle, a test's fixtures).
package protocol DataSource: Sendable {
    /// The text of a file, by its path inside the voices folder (`es-AR.yaml`,
    /// `cldr/rbnf/es.rbnf`); nil when there is no such file.
    func read(_ path: String) -> String?
    /// The bytes of a file, nil when there is no such file.
    func bytes(_ path: String) -> [UInt8]?
    /// The paths of the YAML files at the top of the folder.
    func topLevelFiles() -> [String]
    /// How a file is named in messages: `voices/es-AR.yaml`.
    func displayName(_ path: String) -> String
}

/// A voices folder on disk.
package struct DataFolder: DataSource {
    package let url: URL
    /// What messages put in front of a file's path (the folder as the user named it).
    package let displayPrefix: String

    package init(url: URL, displayPrefix: String? = nil) {
        self.url = url
        self.displayPrefix = displayPrefix ?? url.path
    }

    package func read(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    package func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { [UInt8]($0) }
    }

    package func topLevelFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    package func displayName(_ path: String) -> String {
        displayPrefix.isEmpty ? path : displayPrefix + "/" + path
    }
}

/// Voice files held in memory, keyed by path.
package struct InMemoryFiles: DataSource {
    package let files: [String: String]
    package let displayPrefix: String

    package init(_ files: [String: String], displayPrefix: String = "voices") {
        self.files = files
        self.displayPrefix = displayPrefix
    }

    package func read(_ path: String) -> String? { files[path] }

    package func bytes(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }

    package func topLevelFiles() -> [String] {
        files.keys.filter { !$0.contains("/") && $0.hasSuffix(".yaml") }.sorted()
    }

    package func displayName(_ path: String) -> String {
        displayPrefix.isEmpty ? path : displayPrefix + "/" + path
    }

    /// This source with some files replaced or added.
    package func replacing(_ changes: [String: String]) -> InMemoryFiles {
        InMemoryFiles(files.merging(changes) { $1 }, displayPrefix: displayPrefix)
    }
}

import Foundation

/// Where region profiles and language data are read from: a folder, or files held in memory (an
/// app's bundle, a test's fixtures).
package protocol DataSource: Sendable {
    /// The text of a file, by its path inside the voices folder (`es-AR.yaml`,
    /// `cldr/rbnf/es.rbnf`); nil when there is no such file.
    ///
    /// - Throws: `DataError` at the first byte that is not UTF-8.
    func read(_ path: String) throws(DataError) -> String?
    /// The bytes of a file, nil when there is no such file.
    func bytes(_ path: String) -> [UInt8]?
    /// The paths of the YAML files at the top of the folder.
    func topLevelFiles() -> [String]
    /// How a file is named in messages: `voices/es-AR.yaml`.
    func displayName(_ path: String) -> String
    /// Why the file at `path` cannot be read although its name is listed (a folder, a symbolic
    /// link loop, no permission), nil when it can be read or is not there.
    func problem(reading path: String) -> String?
    /// Every file of the source, by path, for a fingerprint of all of it; nil when the source
    /// cannot list them.
    func allFiles() -> [String]?
}

extension DataSource {
    package func problem(reading path: String) -> String? { nil }

    package func allFiles() -> [String]? { nil }
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

    package func read(_ path: String) throws(DataError) -> String? {
        guard let bytes = bytes(path) else { return nil }
        return try TextFile.decode(bytes, origin: displayName(path))
    }

    package func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { [UInt8]($0) }
    }

    package func problem(reading path: String) -> String? {
        let full = url.appendingPathComponent(path).path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder, not a file"
        }
        do {
            _ = try FileHandle(forReadingFrom: URL(fileURLWithPath: full)).close()
            return nil
        } catch {
            guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
                underlying.domain == NSPOSIXErrorDomain
            else { return FileManager.default.fileExists(atPath: full) ? "it cannot be read" : nil }
            guard underlying.code != Int(ENOENT) || (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil else {
                return nil
            }
            return "it cannot be read (\(String(cString: strerror(Int32(underlying.code)))))"
        }
    }

    package func topLevelFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    package func allFiles() -> [String]? {
        guard let paths = FileManager.default.subpaths(atPath: url.path) else { return nil }
        return paths.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
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

    package func allFiles() -> [String]? { files.keys.sorted() }

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

import Foundation
import LocutorCore
import LocutorReview

/// The files the commands read that the user names: catalogs and goldens.
enum InputFiles {
    /// The text of the file at `path`: UTF-8, a leading byte-order mark dropped.
    ///
    /// - Parameter what: what the file is, for the message when it cannot be read.
    /// - Throws: `CommandFailure` when there is no readable file there, `DataError` at a byte
    ///   that is not UTF-8.
    static func text(at path: String, what: String, fix: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(what) '\(path)' — \(fix)")
        }
        return try TextFile.decode([UInt8](data), origin: path)
    }

    /// The catalog at `path`.
    static func catalog(_ path: String, library: RegionLibrary) throws -> Catalog {
        let text = try text(
            at: path, what: "the catalog", fix: "pass the path of a catalog YAML file (samples/catalog.yaml is the demo)")
        return try Catalog(yaml: text, origin: path, knownRegions: library.regionIDs)
    }
}

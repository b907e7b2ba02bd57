import Foundation
import LocutorFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder Locutor writes WAVs and pages into (`render --out`, `diff --html`), held for the
/// whole run.
///
/// Claiming it creates it when missing, refuses a folder that holds files Locutor did not make
/// (unless forced: Locutor writes `index.html` and `manifest.json` and would replace a user's),
/// and takes an exclusive lock on its marker file `.locutor`, so that two runs into one folder
/// cannot leave a manifest and a page that describe a mix of both. The lock goes with the
/// process: a killed run holds nothing.
package final class OutputFolder {
    package let url: URL
    private let descriptor: Int32

    /// The marker and lock file: its presence says the folder is Locutor's.
    package static let markerName = ".locutor"

    /// Claims the folder at `path`.
    ///
    /// - Parameters:
    ///   - option: the option that named it, for messages (`--out`).
    ///   - force: accept a folder with files Locutor did not make.
    /// - Throws: `ReviewError` for an empty path, a path that is a file, a foreign folder without
    ///   `force`, or a folder another Locutor process holds.
    package init(_ path: String, option: String, force: Bool) throws {
        guard !path.isEmpty else { throw ReviewError.badOutput(option: option, problem: .empty) }
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ReviewError.badOutput(option: option, problem: .file(url.path)) }
            let names = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
            let isLocutors = names.contains(Self.markerName) || names.contains(".cache")
            if !names.isEmpty, !isLocutors, !force {
                throw ReviewError.badOutput(option: option, problem: .foreign(url.path, names.sorted().prefix(3).joined(separator: ", ")))
            }
        }
        try Renderer.createFolder(url)
        let marker = url.appendingPathComponent(Self.markerName).path
        let descriptor = TemporaryFile.openFile(marker, O_RDWR | O_CREAT)
        guard descriptor >= 0 else {
            throw ReviewError.unwritable(path: marker, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(descriptor)
            close(descriptor)
            throw ReviewError.badOutput(option: option, problem: .busy(url.path, holder: holder))
        }
        // Who holds it, for the message another run prints.
        let note = Array("Locutor output folder; process \(getpid()) is writing it.\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = note.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } }
        self.url = url
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The process id written in the marker by the run that holds it.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return text.split(separator: " ").first { Int32($0) != nil }.flatMap { Int32($0) }
    }
}

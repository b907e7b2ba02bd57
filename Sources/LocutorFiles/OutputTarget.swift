import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path the user asked Locutor to write, and so how to write it.
///
/// A regular file (or nothing) is replaced atomically: a temporary file beside it, renamed into
/// place. A symbolic link is followed, and the file it points to is what gets replaced — the
/// link stays. A character or block device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe
/// a player reads) is written through, never replaced by a regular file. A folder or a socket is
/// refused.
package enum OutputTarget: Equatable, Sendable {
    /// Write a temporary file beside `path` and rename it there.
    case replace(path: String)
    /// Open `path` and write the bytes into it.
    case stream(path: String)

    /// How to write `path`.
    ///
    /// - Throws: `TemporaryFile.WriteFailure` for an empty path, a folder, a socket, or a
    ///   symbolic link loop.
    package static func resolve(_ path: String) throws(TemporaryFile.WriteFailure) -> OutputTarget {
        guard !path.isEmpty else { throw TemporaryFile.WriteFailure(reason: "the path is empty") }
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                if errno == ENOENT { return .replace(path: current) }
                throw TemporaryFile.WriteFailure(reason: String(cString: strerror(errno)))
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .replace(path: current)
            case S_IFLNK:
                current = try linkTarget(of: current)
            case S_IFDIR: throw TemporaryFile.WriteFailure(reason: "it is a folder")
            case S_IFCHR, S_IFBLK, S_IFIFO: return .stream(path: current)
            default: throw TemporaryFile.WriteFailure(reason: "it is a socket")
            }
        }
        throw TemporaryFile.WriteFailure(reason: String(cString: strerror(ELOOP)))
    }

    /// Where the link at `path` points, relative targets read from the link's folder.
    private static func linkTarget(of path: String) throws(TemporaryFile.WriteFailure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw TemporaryFile.WriteFailure(reason: String(cString: strerror(errno))) }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
    }

    /// Writes all of `data` into the device or FIFO at `path`, without creating or truncating it.
    package static func stream(_ data: some ContiguousBytes, to path: String) throws(TemporaryFile.WriteFailure) {
        let descriptor = TemporaryFile.openFile(path, O_WRONLY)
        guard descriptor >= 0 else { throw TemporaryFile.WriteFailure(reason: String(cString: strerror(errno))) }
        var failure = data.withUnsafeBytes { TemporaryFile.writeAll(descriptor, $0) }.map { String(cString: strerror($0)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw TemporaryFile.WriteFailure(reason: failure) }
    }

    /// Creates the folder at `path` and its parents, like `mkdir -p`.
    ///
    /// - Throws: `TemporaryFile.WriteFailure` naming the part of the path that is a file, or the
    ///   system's reason.
    package static func createFolder(_ path: String) throws(TemporaryFile.WriteFailure) {
        guard !path.isEmpty else { throw TemporaryFile.WriteFailure(reason: "the path is empty") }
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
            var status = stat()
            if stat(partial, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw TemporaryFile.WriteFailure(reason: "'\(partial)' is a file, not a folder")
                }
                continue
            }
            if mkdir(partial, 0o755) != 0, errno != EEXIST {
                throw TemporaryFile.WriteFailure(reason: String(cString: strerror(errno)))
            }
        }
    }

    /// What to do when writing failed for `reason` (the system's words, or Locutor's own).
    package static func fix(forReason reason: String) -> String {
        func system(_ code: Int32) -> String { String(cString: strerror(code)) }
        switch reason {
        case system(ENOSPC), system(EDQUOT), system(EFBIG):
            return "free space on that disk, or choose a folder on another one"
        case system(EROFS): return "choose a folder on a disk that is not read-only"
        case system(EACCES), system(EPERM): return "choose a folder you may write in, or change its permissions"
        case system(ENOENT): return "create the folder first, or choose one that exists"
        case "the path is empty": return "name a file"
        case "it is a folder": return "name a file in it"
        case _ where reason.contains("4 GiB"): return "split the text: a WAV file holds at most 4 GiB of audio"
        default: return "choose a file in a folder that exists and is writable"
        }
    }
}

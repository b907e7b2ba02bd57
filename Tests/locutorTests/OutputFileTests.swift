import Foundation
import Testing

@testable import locutor

/// What commands do with the paths they are told to write: never replace what they did not make.
@Suite struct OutputFileTests {
    static let voices = VerbalizeCommandTests.voices

    static func fileType(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test("say --out /dev/null writes through the device and leaves it a device")
    func device() {
        let run = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", "/dev/null"] + Self.voices)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.fileType("/dev/null") == .typeCharacterSpecial)
    }

    @Test("say --out a FIFO: the reader gets the whole WAV")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("pipe.wav")
        #expect(mkfifo(path, 0o644) == 0)
        let reader = Thread.detachedReader(path)
        let run = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", path] + Self.voices)
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = reader.wait()
        #expect(bytes.count > 44)
        #expect(bytes.prefix(4) == Data("RIFF".utf8))
        #expect(Self.fileType(path) != .typeRegular)
    }

    @Test("A symbolic link is followed: the file it names gets the WAV, the link stays")
    func symlink() throws {
        let folder = try TemporaryFolder()
        let target = folder.path("real.wav")
        let link = folder.path("link.wav")
        try Data("x".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.wav")
        let run = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", link] + Self.voices)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.fileType(link) == .typeSymbolicLink)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4) == Data("RIFF".utf8))
    }

    @Test("A folder, an empty path or a link loop as --out is refused with what it is")
    func refused() throws {
        let folder = try TemporaryFolder()
        let run = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", folder.url.path] + Self.voices)
        #expect(run.status == 2)
        #expect(run.errors.last == "error: cannot write '\(folder.url.path)': it is a folder — name a file in it")
        let empty = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", ""] + Self.voices)
        #expect(empty.errors.last == "error: cannot write '': the path is empty — name a file")
        try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.path("b"), withDestinationPath: "a")
        let loop = CommandRun(["say", "$ 100", "--region", "es-AR", "--out", folder.path("a")] + Self.voices)
        #expect(loop.status == 2)
        #expect(loop.errors.last?.contains("Too many levels of symbolic links") == true, "\(loop.errors)")
    }

    @Test("render --out '' and into a folder of other files are refused; --force writes there")
    func renderFolders() throws {
        let empty = CommandRun(["render", ReviewCommandTests.catalog, "--out", "", "--regions", "es-CL"] + Self.voices)
        #expect(empty.status == 2)
        #expect(empty.errors == ["error: --out is empty — name a folder, such as out/render"])
        let folder = try TemporaryFolder()
        try Data("<p>mine</p>".utf8).write(to: URL(fileURLWithPath: folder.path("index.html")))
        let foreign = CommandRun(["render", ReviewCommandTests.catalog, "--out", folder.url.path, "--regions", "es-CL"] + Self.voices)
        #expect(foreign.status == 2)
        #expect(foreign.errors.last?.contains("holds files Locutor did not make (index.html…)") == true, "\(foreign.errors)")
        #expect(try String(contentsOfFile: folder.path("index.html"), encoding: .utf8) == "<p>mine</p>")
        let forced = CommandRun(
            ["render", ReviewCommandTests.catalog, "--out", folder.url.path, "--regions", "es-CL", "--force"] + Self.voices)
        #expect(forced.status == 0, "\(forced.stderr)")
        let file = folder.path("index.html")
        let overFile = CommandRun(["render", ReviewCommandTests.catalog, "--out", file, "--regions", "es-CL"] + Self.voices)
        #expect(overFile.errors == ["error: --out '\(file)' is a file, not a folder — name a folder"])
    }

    @Test("A full disk stops the render at the first WAV, with one message that says how many were skipped")
    func fullDisk() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        // A file size limit of 8 blocks stands in for a full disk: every WAV is larger, and a
        // write past the limit fails (EFBIG) as one past the end of a disk does (ENOSPC).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            [
                "-c", "ulimit -f 8; exec \"$0\" \"$@\"", tool.url.path, "render", ReviewCommandTests.catalog, "--out", folder.url.path,
                "--jobs", "2",
            ] + Self.voices
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let errors = text.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("File too large — free space on that disk, or choose a folder on another one") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("more items were not rendered)") == true, "\(errors)")
        let leftovers = FileManager.default.enumerator(atPath: folder.url.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers == [])
    }

    @Test("SIGINT during a render ends it with status 130 and leaves no temporary file")
    func interrupted() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["render", ReviewCommandTests.catalog, "--out", folder.url.path] + Self.voices
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Interrupt once the first WAVs are there, while others are being written.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: folder.path("es-AR")))?.isEmpty ?? true {
            usleep(20_000)
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130 || process.terminationStatus == 0)
        let leftovers = FileManager.default.enumerator(atPath: folder.url.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers == [])
    }

    @Test(
        "Messages that used to be unclear",
        arguments: [
            (
                ["say", "hola", "--voice", "es", "--rate", "-5"],
                "error: espeak_SetParameter: rate -5 is outside 80...450 words per minute — pass a value in that range"
            ),
            (
                ["say", "hola", "--voice", "es", "--form", "label"],
                "Error: --form chooses a region's form: pass --region too (with --voice alone the text is spoken as written)."
            ),
        ])
    func messages(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.errors.first == message, "\(run.errors)")
    }
}

extension Thread {
    /// Reads the FIFO at `path` to its end on another thread.
    final class FIFOReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var bytes = Data()

        init(_ path: String) {
            Thread.detachNewThread { [self] in
                if let handle = FileHandle(forReadingAtPath: path) {
                    bytes = handle.readDataToEndOfFile()
                }
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return bytes
        }
    }

    static func detachedReader(_ path: String) -> FIFOReader { FIFOReader(path) }
}

import Foundation

/// Runs files through the selected target without libFuzzer.
enum Replay {
    /// - Returns: the exit status: 0 when every input ran, 2 when a path cannot be read.
    static func run(paths: [String]) -> Int32 {
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: LOCUTOR_FUZZ_TARGET=TARGET locutor-fuzz FILE_OR_FOLDER…\n".utf8))
            return 2
        }
        let target = FuzzTarget.selected
        target.prepare()
        var count = 0
        for path in paths {
            guard let files = files(at: URL(fileURLWithPath: path)) else {
                FileHandle.standardError.write(Data("error: cannot read '\(path)' — name files or folders of inputs\n".utf8))
                return 2
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                data.withUnsafeBytes { target.run($0.bindMemory(to: UInt8.self)) }
                count += 1
            }
        }
        print("\(target.rawValue): \(count) inputs replayed, every law held")
        return 0
    }

    /// The file itself, or every regular file under the folder, sorted; nil when there is nothing there.
    private static func files(at url: URL) -> [URL]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return [url] }
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { found.append(file) }
        }
        return found.sorted { $0.path < $1.path }
    }
}

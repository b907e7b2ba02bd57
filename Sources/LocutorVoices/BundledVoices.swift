import Foundation

/// The `voices/` folder that ships with Locutor as a SwiftPM resource.
///
/// The package copies the repository's `voices/` folder, as it is, into the resource bundle
/// `Locutor_LocutorVoices` (a `.resources` folder beside a Linux binary, a `.bundle` in an app or
/// beside a macOS binary). This type finds it without SwiftPM's generated `Bundle.module`, which
/// stops the program when the bundle is missing: a `locutor` binary copied without its bundle gets
/// a message instead.
package enum BundledVoices {
    /// The name SwiftPM gives the resource bundle (package name, underscore, target name).
    package static let bundleName = "Locutor_LocutorVoices"

    /// The bundled voices folder, or nil when the resource bundle is not where a program or an
    /// app keeps it.
    package static let folder: URL? = locate()

    /// The places searched, in order: beside the running program (following symlinks, so a
    /// `locutor` linked into /usr/local/bin finds the bundle beside the real file), then the
    /// main bundle's resources (an iOS or macOS app).
    package static var searchedFolders: [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    private static func locate() -> URL? {
        let manager = FileManager.default
        for folder in searchedFolders {
            for suffix in [".resources", ".bundle"] {
                let bundle = folder.appendingPathComponent(bundleName + suffix)
                for voices in [
                    bundle.appendingPathComponent("voices"),
                    bundle.appendingPathComponent("Contents/Resources/voices"),
                ]
                where manager.fileExists(atPath: voices.appendingPathComponent("currencies.yaml").path) {
                    return voices
                }
            }
        }
        return nil
    }
}

import LocutorCore

/// Which region reads the strings of a locale: `es_AR`, `es-AR` and `values-es-rAR` are es-AR; a
/// language alone (`es`), or a locale without a region of its own (`es-419`), goes to the
/// language's default region — `<lang>-<LANG>` when the data has it (es-ES), else the first of
/// the language's regions in order (pt-BR) — unless `--region LOCALE=REGION` says otherwise.
/// `--region default=REGION` names the region of files that do not say their locale (Android's
/// `values/`, a `.strings` file outside an `.lproj` folder).
package struct RegionMap: Sendable {
    package let regions: [String]
    private var overrides: [String: String] = [:]

    package init(regions: [String]) {
        self.regions = regions.sorted()
    }

    /// Adds `LOCALE=REGION`.
    ///
    /// - Throws: `RegionMapError` for a malformed pair or a region the data does not have.
    package mutating func add(_ pair: String) throws(RegionMapError) {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw RegionMapError("'\(pair)' is not LOCALE=REGION — write it as es_AR=es-AR, es=es-MX or default=en-US")
        }
        guard let region = regions.first(where: { $0.lowercased() == parts[1].lowercased() }) else {
            throw RegionMapError("there is no region '\(parts[1])' — the regions are \(regions.joined(separator: ", "))")
        }
        let locale = parts[0].lowercased() == "default" ? "default" : (LocaleName.tag(parts[0]) ?? parts[0]).lowercased()
        overrides[locale] = region
    }

    /// The region for `locale` (nil: a file that does not say), or nil when there is none.
    package func region(for locale: String?) -> String? {
        guard let locale else { return overrides["default"] }
        let tag = (LocaleName.tag(locale) ?? locale).lowercased()
        if let chosen = overrides[tag] { return chosen }
        if let exact = regions.first(where: { $0.lowercased() == tag }) { return exact }
        let language = String(tag.prefix { $0 != "-" })
        if let chosen = overrides[language] { return chosen }
        let ofLanguage = regions.filter { $0.lowercased().hasPrefix(language + "-") }
        return ofLanguage.first { $0.lowercased() == language + "-" + language } ?? ofLanguage.first
    }
}

package struct RegionMapError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

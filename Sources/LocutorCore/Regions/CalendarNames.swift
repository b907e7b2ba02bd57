/// The calendar words of a region: month and weekday names and abbreviations to recognize
/// ("ago.", "Sept", "lun."), the weekday names to say, and AM/PM in every spelling with what the
/// language says for each.
///
/// From the region's CLDR calendar (`voices/cldr/calendar/<locale>.tsv`), with what the language
/// and region files add (`month-abbreviations`, `day-periods`, `day-period-words`).
package struct CalendarNames: Sendable {
    /// Lower-cased names and abbreviations, without a final ".", → 1…12.
    let months: [String: Int]
    /// Lower-cased names and abbreviations, without a final ".", → 1 (Sunday)…7.
    let weekdays: [String: Int]
    /// The full names to say, 1 (Sunday)…7.
    let weekdayNames: [Int: String]
    /// AM/PM spellings reduced to their letters, lower-cased ("a. m." → "am") → 0 (AM) or 1 (PM).
    let dayPeriods: [String: Int]
    /// What is said for AM (0) and PM (1).
    let dayPeriodWords: [Int: String]
    /// How a decade's last word becomes plural, first match wins: `[(from: "y", to: "ies"), ("", "s")]`.
    let decadePlurals: [(from: String, to: String)]

    /// The letters of a day-period spelling, lower-cased: "A.M." and "a. m." are "am".
    static func periodKey(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter(\.isLetterLike).map(Character.init))
    }

    static func nameKey(_ text: String) -> String {
        var key = text.lowercased()
        while key.hasSuffix(".") { key.removeLast() }
        return key
    }
}

extension RegionLibrary {
    /// The calendar words of a region: CLDR's, then the language's and the region's additions.
    func readCalendar(
        locale: String, language: [String: DataNode], region: [String: DataNode], months hand: [String], genitive: [String],
        reader: inout DataReader
    ) -> CalendarNames {
        let table = cldrCalendar(locale: locale, reader: &reader)
        var months: [String: Int] = [:]
        for index in 1...12 {
            for context in ["format", "stand-alone"] {
                for width in ["wide", "abbreviated"] {
                    if let name = table["month-\(context)-\(width)-\(index)"] { months[CalendarNames.nameKey(name)] = index }
                }
            }
        }
        for (index, name) in (hand + genitive).enumerated() { months[CalendarNames.nameKey(name)] = index % 12 + 1 }
        let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        var weekdays: [String: Int] = [:]
        var weekdayNames: [Int: String] = [:]
        for (index, day) in days.enumerated() {
            for context in ["format", "stand-alone"] {
                for width in ["wide", "abbreviated", "short"] {
                    if let name = table["weekday-\(context)-\(width)-\(day)"] { weekdays[CalendarNames.nameKey(name)] = index + 1 }
                }
            }
            weekdayNames[index + 1] = table["weekday-format-wide-\(day)"]
        }
        var periods: [String: Int] = [:]
        for (index, period) in ["am", "pm"].enumerated() {
            for context in ["format", "stand-alone"] {
                for width in ["wide", "abbreviated", "narrow"] {
                    if let name = table["dayperiod-\(context)-\(width)-\(period)"], CalendarNames.periodKey(name).count >= 2 {
                        periods[CalendarNames.periodKey(name)] = index
                    }
                }
            }
        }
        for key in ["month-abbreviations"] {
            for (written, _, node) in merge(language[key], region[key], key, reader: &reader) {
                if let month = reader.integer(node, "the month of '\(written)'", in: 1...12) {
                    months[CalendarNames.nameKey(written)] = month
                }
            }
        }
        var words: [Int: String] = [:]
        if let node = region["day-periods"] ?? language["day-periods"],
            let fields = reader.fields(node, "day-periods", required: ["am", "pm"])
        {
            for (index, period) in ["am", "pm"].enumerated() {
                guard let periodNode = fields[period],
                    let periodFields = reader.fields(periodNode, "day-periods' \(period)", required: ["say"], optional: ["written"])
                else { continue }
                words[index] = reader.string(periodFields["say"], "what \(period) says")
                for written in reader.strings(periodFields["written"], "the spellings of \(period)") ?? [] {
                    periods[CalendarNames.periodKey(written)] = index
                }
            }
        }
        var plurals: [(String, String)] = []
        if let node = region["decade-plurals"] ?? language["decade-plurals"] {
            if case let .sequence(items) = node.value {
                for item in items {
                    guard let fields = reader.fields(item, "a decade plural", required: ["from", "to"]),
                        let from = reader.string(fields["from"], "from", allowEmpty: true), let to = reader.string(fields["to"], "to")
                    else { continue }
                    plurals.append((from, to))
                }
            } else {
                reader.report(node.location, "decade-plurals must be a list", fix: "write each as '- { from: y, to: ies }'")
            }
        }
        return CalendarNames(
            months: months, weekdays: weekdays, weekdayNames: weekdayNames, dayPeriods: periods, dayPeriodWords: words,
            decadePlurals: plurals)
    }
}

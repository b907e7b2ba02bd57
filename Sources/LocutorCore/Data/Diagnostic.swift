/// A place in a data file: `voices/es-AR.yaml:42:7`. Lines and columns count from 1; columns
/// count Unicode scalars, as libYAML does.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as messages name it (`voices/es-AR.yaml`).
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column in Unicode scalars, from 1.
    public let column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `voices/es-AR.yaml:42:7`.
    public var description: String { "\(file):\(line):\(column)" }

    /// File, then line, then column.
    package static func precedes(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One problem in a data file, worded like a compiler's: where, what is wrong, how to fix it.
///
/// Reads as `voices/es-AR.yaml:42:7: unknown currency 'ARZ' — did you mean ARS?`; the command
/// line puts `error: ` in front.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let location: SourceLocation
    /// What is wrong.
    public let problem: String
    /// How to fix it.
    public let fix: String

    package init(_ location: SourceLocation, _ problem: String, fix: String) {
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    /// `voices/es-AR.yaml:42:7: unknown currency 'ARZ' — did you mean ARS?`
    public var description: String { "\(location): \(problem) — \(fix)" }
}

/// Every problem found while reading data, reported together and in file order.
public struct DataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, in file order.
    public let diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a DataError needs at least one diagnostic")
        self.diagnostics = diagnostics.sorted { SourceLocation.precedes($0.location, $1.location) }
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a file is read, so one pass reports every problem.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package mutating func report(_ location: SourceLocation, _ problem: String, fix: String) {
        diagnostics.append(Diagnostic(location, problem, fix: fix))
    }

    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func absorb(_ error: DataError) {
        diagnostics += error.diagnostics
    }

    package var isEmpty: Bool { diagnostics.isEmpty }

    /// Throws every diagnostic collected, if there is any.
    package func check() throws(DataError) {
        if !diagnostics.isEmpty { throw DataError(diagnostics) }
    }
}

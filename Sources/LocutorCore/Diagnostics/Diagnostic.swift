/// A place in a data file: `voices/es-AR.yaml:42:7`. Lines and columns count from 1; columns
/// count Unicode scalars, as libYAML does.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One problem in a data file, worded like a compiler's: where, what is wrong, how to fix it.
///
/// Reads as `voices/es-AR.yaml:42:7: unknown currency 'ARZ' — did you mean ARS?`; the command
/// line puts `error: ` in front.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let problem: String
    public let fix: String

    public init(_ location: SourceLocation, _ problem: String, fix: String) {
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    public var description: String { "\(location): \(problem) — \(fix)" }
}

/// Every problem found while reading data, reported together and in file order.
public struct DataError: Error, Hashable, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a DataError needs at least one diagnostic")
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a file is read, so one pass reports every problem.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ location: SourceLocation, _ problem: String, fix: String) {
        diagnostics.append(Diagnostic(location, problem, fix: fix))
    }

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func absorb(_ error: DataError) {
        diagnostics += error.diagnostics
    }

    public var isEmpty: Bool { diagnostics.isEmpty }

    /// Throws every diagnostic collected, if there is any.
    public func check() throws(DataError) {
        if !diagnostics.isEmpty { throw DataError(diagnostics) }
    }
}

import Foundation

/// Runs `first` and `second` at once — `first` on this thread — and returns both results.
///
/// Loading a region has long pieces of work that do not depend on each other (a unit catalog
/// and the currencies' CLDR names; the two halves of the patterns); on two cores they take the
/// time of the longer one. Each piece reports its problems to its own `DataReader`, which the
/// caller appends in the order a one-thread load would report them.
func inParallel<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let results = Results<First, Second>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
            let value = first()
            results.lock.withLock { results.first = value }
        } else {
            let value = second()
            results.lock.withLock { results.second = value }
        }
    }
    // concurrentPerform returns after both iterations ran.
    guard let both = results.lock.withLock({ results.first.flatMap { first in results.second.map { (first, $0) } } }) else {
        preconditionFailure("concurrentPerform returned before both pieces of work ran")
    }
    return both
}

private final class Results<First, Second>: @unchecked Sendable {
    let lock = NSLock()
    var first: First?
    var second: Second?
}

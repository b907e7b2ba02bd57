import Foundation

/// A value computed once, on first use, by whichever thread asks first.
final class Lazy<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var computed: Value?
    private let compute: () -> Value

    init(_ compute: @escaping () -> Value) {
        self.compute = compute
    }

    var value: Value {
        lock.withLock {
            if let computed { return computed }
            let result = compute()
            computed = result
            return result
        }
    }
}

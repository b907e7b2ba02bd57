import Foundation

extension Thread {
    /// Runs `body` on a thread of its own with a main thread's stack (saying a text recurses),
    /// counted in `group` when one is given.
    package static func startSaying(in group: DispatchGroup? = nil, _ body: @escaping @Sendable () -> Void) {
        group?.enter()
        let thread = Thread {
            body()
            group?.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

import Foundation

/// A first-in, first-out queue between the threads of a render: `put` waits while the queue
/// holds `capacity` elements, `take` waits while it is empty, and once it is closed `take`
/// empties it and then returns nil.
///
/// A thread is woken only when it can go on, and a producer that found the queue full only once
/// it is half empty: each wake-up is a context switch (tens of microseconds in a virtual
/// machine), so the producer makes several elements per wake-up.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var head = 0
    private var closed = false
    private let capacity: Int
    /// A producer waits for the queue to be half empty.
    private var producerWaiting = false
    /// Consumers waiting for an element.
    private var consumersWaiting = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a queue must hold at least one element")
        self.capacity = capacity
    }

    /// Adds `element` at the end, waiting for room; false, and nothing added, once closed.
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if !closed && elements.count - head >= capacity {
            producerWaiting = true
            while !closed && producerWaiting { condition.wait() }
        }
        guard !closed else { return false }
        elements.append(element)
        if consumersWaiting > 0 { condition.broadcast() }
        return true
    }

    /// The first element, waiting for one; nil once the queue is closed and empty.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && head == elements.count {
            consumersWaiting += 1
            condition.wait()
            consumersWaiting -= 1
        }
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        if producerWaiting && elements.count - head <= capacity / 2 {
            producerWaiting = false
            condition.broadcast()
        }
        return element
    }

    /// No more elements will come: `take` returns what is left, then nil; `put` refuses.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

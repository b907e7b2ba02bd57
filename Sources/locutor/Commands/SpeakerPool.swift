import Foundation
import LocutorCore
import LocutorReview

/// The other cores' locutors for `verbalize`: each is loaded on a thread of its own, then says
/// slices of the batches this process reads, beside the thread that hands them out.
///
/// A helper joins as soon as its locutor is loaded — the first batch does not wait for it — and
/// every line's result goes to the line's place, so the output keeps the input's order whoever
/// said what. Each helper has its own locutor: threads sharing one would spend their time passing
/// the reference counts of its tables back and forth.
final class SpeakerPool: @unchecked Sendable {
    typealias Say = @Sendable ([UInt8], Locutor) -> Verbalize.LineResult

    /// Lines handed out at a time: enough that taking them costs nothing, few enough that the
    /// threads finish together.
    private static let slice = 64

    private let condition = NSCondition()
    private let say: Say
    // The batch being said (under `condition`).
    private var lines: [[UInt8]] = []
    private var results: UnsafeMutableBufferPointer<Verbalize.LineResult>?
    /// The first line not handed out yet.
    private var next = 0
    /// Slices helpers are saying now.
    private var busy = 0
    private var closed = false

    /// Starts `helpers` threads, each loading its locutor with `load` (a helper whose load fails
    /// takes no part).
    init(helpers: Int, load: @escaping @Sendable () -> Locutor?, say: @escaping Say) {
        self.say = say
        for _ in 0..<helpers {
            Thread.startSaying { [self] in
                guard let locutor = load() else { return }
                serve(locutor)
            }
        }
    }

    /// Says every line of `batch`: this thread with `main`, and every helper that is ready.
    func run(_ batch: [[UInt8]], main: Locutor) -> [Verbalize.LineResult] {
        let output = UnsafeMutableBufferPointer<Verbalize.LineResult>.allocate(capacity: batch.count)
        output.initialize(repeating: Verbalize.LineResult(text: "", failure: nil, unread: []))
        defer {
            output.deinitialize()
            output.deallocate()
        }
        condition.lock()
        lines = batch
        results = output
        next = 0
        condition.broadcast()
        while let range = take() {
            condition.unlock()
            for index in range { output[index] = say(batch[index], main) }
            condition.lock()
        }
        // Every slice is handed out; the helpers' last ones are being finished.
        while busy > 0 { condition.wait() }
        lines = []
        results = nil
        next = 0
        condition.unlock()
        return Array(output)
    }

    /// Stops the helpers (those still loading stop when they are done).
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next slice of the batch, nil when every line is handed out. Call holding `condition`.
    private func take() -> Range<Int>? {
        guard next < lines.count else { return nil }
        let range = next..<min(lines.count, next + Self.slice)
        next = range.upperBound
        return range
    }

    private func serve(_ locutor: Locutor) {
        condition.lock()
        while true {
            guard !closed else { break }
            guard let range = take(), let output = results else {
                condition.wait()
                continue
            }
            busy += 1
            let batch = lines
            condition.unlock()
            for index in range { output[index] = say(batch[index], locutor) }
            condition.lock()
            busy -= 1
            condition.broadcast()
        }
        condition.unlock()
    }
}

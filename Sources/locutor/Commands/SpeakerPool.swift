import Foundation
import LocutorReview

/// The other cores for `verbalize`: threads that say slices of the batches this process reads,
/// beside the thread that hands them out.
///
/// Every thread says with the same locutor, loaded once. A locutor per helper kept each other
/// core busy with a start-up of its own (40–70 ms) before it said a line; the reference counts the
/// threads now pass back and forth cost less than that on any input `verbalize` gets. Every line's
/// result goes to the line's place, so the output keeps the input's order whoever said what.
final class SpeakerPool: @unchecked Sendable {
    typealias Say = @Sendable ([UInt8]) -> Verbalize.LineResult

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

    /// Starts `helpers` threads that say lines with `say`.
    init(helpers: Int, say: @escaping Say) {
        self.say = say
        for _ in 0..<helpers {
            Thread.startSaying { [self] in serve() }
        }
    }

    /// Says every line of `batch`, on this thread and on every helper.
    func run(_ batch: [[UInt8]]) -> [Verbalize.LineResult] {
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
            for index in range { output[index] = say(batch[index]) }
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

    /// Stops the helpers.
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

    private func serve() {
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
            for index in range { output[index] = say(batch[index]) }
            condition.lock()
            busy -= 1
            condition.broadcast()
        }
        condition.unlock()
    }
}

internal import CEspeakNG
internal import CLocutorIsolation
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process that forks workers (see `SpeechEngine` and the notes in Sources/CLocutorIsolation/isolation.c).
struct Zygote {
    let pid: pid_t
    private var control: Int32

    /// Forks the zygote from this process (`locutor_zygote_start`).
    static func start() throws(SystemFailure) -> Zygote {
        var control: Int32 = -1
        let pid = locutor_zygote_start(&control)
        guard pid > 0 else { throw SystemFailure(function: "fork", code: errno) }
        return Zygote(pid: pid, control: control)
    }

    /// A worker with `voice` loaded, ready for one request (`locutor_zygote_acquire`).
    func acquire(voice: String) throws(SystemFailure) -> SynthesisWorker {
        let socket = locutor_zygote_acquire(control, voice)
        guard socket >= 0 else { throw SystemFailure(function: "recvmsg", code: errno) }
        return SynthesisWorker(socket: socket)
    }

    /// Closes the control socket (the zygote then leaves) and collects its exit status.
    mutating func stop() {
        guard control >= 0 else { return }
        closeDescriptor(control)
        control = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// A C call that failed with `errno`.
struct SystemFailure: Error {
    let function: String
    let code: Int32

    var reason: String { String(cString: strerror(code)) }
}

/// One worker process that speaks one utterance.
struct SynthesisWorker {
    private var socket: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(socket: Int32) {
        self.socket = socket
    }

    /// What the worker answered besides its audio.
    struct Answer {
        var transcript = ""
        var sampleCount = 0
        /// The SHA-256 of the WAV the worker wrote, when it was given a path.
        var sha256: [UInt8]?
    }

    /// Sends the request, the voice name, the text and the output path, NUL-terminated.
    func send(_ request: locutor_request, voice: String, text: String, path: String? = nil) throws {
        var request = request
        let voiceBytes = Array(voice.utf8) + [0]
        let textBytes = Array(text.utf8) + [0]
        let pathBytes: [UInt8] = path.map { Array($0.utf8) + [0] } ?? []
        request.voice_length = UInt32(voiceBytes.count)
        request.text_length = UInt32(textBytes.count)
        request.path_length = UInt32(pathBytes.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(MemoryLayout<locutor_request>.size + voiceBytes.count + textBytes.count + pathBytes.count)
        withUnsafeBytes(of: request) { bytes += $0 }
        bytes += voiceBytes
        bytes += textBytes
        bytes += pathBytes
        let result = bytes.withUnsafeBytes { locutor_socket_send(socket, $0.baseAddress, $0.count) }
        guard result == 0 else { throw SystemFailure(function: "send", code: errno) }
    }

    /// Streams the worker's audio into `sink` until its status frame.
    ///
    /// - Throws: `SpeechError` naming the C function that failed, or what the sink throws.
    mutating func receive<Sink: AudioSink & ~Copyable>(into sink: inout Sink, context: SpeechContext) throws -> Answer {
        var answer = Answer()
        var samples: [Int16] = []
        while true {
            guard try fill(5) else { throw context.failure("espeak_Synth", "the synthesis process ended before answering") }
            let tag = buffer[start]
            // The worker writes the length in native byte order (same machine).
            let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start + 1, as: UInt32.self) })
            start += 5
            guard length <= 1 << 26 else { throw context.failure("espeak_Synth", "the synthesis process sent a frame of \(length) bytes") }
            guard try fill(length) else { throw context.failure("espeak_Synth", "the synthesis process ended in the middle of its answer") }
            let payload = start..<(start + length)
            start += length
            switch Int(tag) {
            case LOCUTOR_FRAME_AUDIO:
                guard length % 2 == 0 else { throw context.failure("espeak_Synth", "the synthesis process sent half a sample") }
                samples.removeAll(keepingCapacity: true)
                buffer.withUnsafeBytes { raw in
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[payload])
                    samples.append(contentsOf: (0..<length / 2).map { bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self) })
                }
                try samples.withUnsafeBufferPointer { try sink.write($0) }
                answer.sampleCount += samples.count
            case LOCUTOR_FRAME_FILE:
                guard length == 40 else { throw context.failure("write", "the synthesis process sent a malformed file record") }
                answer.sampleCount = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: payload.lowerBound, as: UInt64.self) })
                answer.sha256 = Array(buffer[(payload.lowerBound + 8)..<payload.upperBound])
            case LOCUTOR_FRAME_TRANSCRIPT:
                answer.transcript = String(decoding: buffer[payload], as: UTF8.self)
            case LOCUTOR_FRAME_STATUS:
                guard length == 8 else { throw context.failure("espeak_Synth", "the synthesis process sent a malformed status") }
                let (step, status) = buffer.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: payload.lowerBound, as: Int32.self),
                        $0.loadUnaligned(fromByteOffset: payload.lowerBound + 4, as: Int32.self)
                    )
                }
                try Self.check(step: step, status: status, context: context)
                return answer
            default:
                throw context.failure("espeak_Synth", "the synthesis process sent an unknown frame \(tag)")
            }
        }
    }

    /// Turns the worker's status frame into an error naming the C function that failed.
    private static func check(step: Int32, status: Int32, context: SpeechContext) throws {
        let function: String
        switch locutor_step(rawValue: UInt32(bitPattern: step)) {
        case LOCUTOR_STEP_DONE: return
        case LOCUTOR_STEP_VOICE: function = "espeak_SetVoiceByName"
        case LOCUTOR_STEP_PARAMETER: function = "espeak_SetParameter"
        case LOCUTOR_STEP_SYNTH: function = "espeak_Synth"
        case LOCUTOR_STEP_WRITE:
            throw SpeechError.unwritableOutput(path: context.path ?? "the WAV", reason: String(cString: strerror(status)))
        default: throw context.failure("read", "the synthesis process could not read its request")
        }
        throw SpeechError.engineCall(function: function, status: status, voice: context.voice, excerpt: context.excerpt)
    }

    /// Makes at least `count` unread bytes available; false at end of stream.
    private mutating func fill(_ count: Int) throws -> Bool {
        if end - start >= count { return true }
        if start > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
        while end < count {
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(socket, base + end, raw.count - end)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemFailure(function: "read", code: errno)
            }
            if n == 0 { return false }
            end += n
        }
        return true
    }

    mutating func close() {
        if socket >= 0 {
            closeDescriptor(socket)
            socket = -1
        }
    }
}

/// The voice and the start of the text of an utterance, for messages.
struct SpeechContext {
    let voice: String
    let excerpt: String
    /// The WAV being written, when the worker writes one.
    var path: String? = nil

    func failure(_ function: String, _ reason: String) -> SpeechError {
        .synthesisProcess(function: function, reason: reason, voice: voice, excerpt: excerpt)
    }
}

/// `close(2)`; methods named `close` hide the C one.
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

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

/// The process that forks the voice zygotes, and the channels to them (see `SpeechEngine` and
/// the notes in Sources/CLocutorIsolation/isolation.c).
struct Zygote {
    let pid: pid_t
    private var control: Int32
    /// The channel to each voice's zygote, which forks that voice's workers.
    private var voices: [String: Int32] = [:]
    /// The voices in the order their zygotes started; past `voiceLimit`, the oldest is closed (it exits).
    private var started: [String] = []
    private static let voiceLimit = 32

    /// Starts the zygote (`locutor_zygote_start`); `data` is the folder eSpeak NG was
    /// initialised from (nil: its default).
    static func start(data: String?) throws(SystemFailure) -> Zygote {
        var control: Int32 = -1
        let pid = locutor_zygote_start(&control, data)
        guard pid > 0 else { throw SystemFailure(function: "fork", code: errno) }
        return Zygote(pid: pid, control: control)
    }

    private init(pid: pid_t, control: Int32) {
        self.pid = pid
        self.control = control
    }

    /// How many workers are asked of a voice zygote ahead of their use.
    private static let ahead = 2

    /// A worker with `voice` loaded, ready for one request, from the voice's zygote
    /// (`locutor_voice_receive`), started the first time the voice is asked for
    /// (`locutor_zygote_voice`). Another is asked for at once (`locutor_voice_request`): it is
    /// forked while this one speaks. A voice zygote that has died (killed from outside) is
    /// replaced once.
    mutating func acquire(voice: String) throws(SystemFailure) -> SynthesisWorker {
        var attempt = 0
        while true {
            let channel = try self.channel(for: voice)
            let socket = locutor_voice_receive(channel)
            if socket >= 0 {
                // A voice zygote gone after this one is found at the next call.
                _ = locutor_voice_request(channel)
                return SynthesisWorker(socket: socket)
            }
            let failure = SystemFailure(function: "recvmsg", code: errno)
            closeDescriptor(channel)
            voices[voice] = nil
            started.removeAll { $0 == voice }
            attempt += 1
            if attempt == 2 { throw failure }
        }
    }

    /// The channel to the zygote of `voice`, started when there is none.
    private mutating func channel(for voice: String) throws(SystemFailure) -> Int32 {
        if let channel = voices[voice] { return channel }
        let channel = locutor_zygote_voice(control, voice)
        guard channel >= 0 else { throw SystemFailure(function: "recvmsg", code: errno) }
        for _ in 0..<Self.ahead {
            guard locutor_voice_request(channel) == 0 else {
                let failure = SystemFailure(function: "send", code: errno)
                closeDescriptor(channel)
                throw failure
            }
        }
        if started.count >= Self.voiceLimit, let oldest = started.first {
            started.removeFirst()
            if let closing = voices.removeValue(forKey: oldest) { closeDescriptor(closing) }
        }
        voices[voice] = channel
        started.append(voice)
        return channel
    }

    /// Closes the channels (the voice zygotes and the zygote then leave) and collects the
    /// zygote's exit status.
    mutating func stop() {
        for channel in voices.values { closeDescriptor(channel) }
        voices = [:]
        started = []
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
    /// Grown to the largest frame (an audio block: 64 KiB); a worker that writes its own file
    /// answers in a few hundred bytes.
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var start = 0
    private var end = 0

    init(socket: Int32) {
        self.socket = socket
    }

    /// What the worker answered besides its audio.
    struct Answer {
        var transcript = ""
        var sampleCount = 0
        /// The WAV the worker wrote, when it was given a path.
        var file: WrittenFile?
    }

    /// A WAV as its worker wrote it: its SHA-256, size and modification time.
    struct WrittenFile {
        var sha256: [UInt8]
        var size: Int
        /// Seconds since 1970.
        var modified: Double
    }

    /// Sends the request, the voice name, the text, and the output path and the path it is
    /// renamed to, each NUL-terminated.
    func send(_ request: locutor_request, voice: String, text: String, path: String? = nil, destination: String? = nil) throws {
        var request = request
        let voiceBytes = Array(voice.utf8) + [0]
        let textBytes = Array(text.utf8) + [0]
        let pathBytes: [UInt8] = path.map { Array($0.utf8) + [0] } ?? []
        let destinationBytes: [UInt8] = destination.map { Array($0.utf8) + [0] } ?? []
        request.voice_length = UInt32(voiceBytes.count)
        request.text_length = UInt32(textBytes.count)
        request.path_length = UInt32(pathBytes.count)
        request.destination_length = UInt32(destinationBytes.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            MemoryLayout<locutor_request>.size + voiceBytes.count + textBytes.count + pathBytes.count + destinationBytes.count)
        withUnsafeBytes(of: request) { bytes += $0 }
        bytes += voiceBytes
        bytes += textBytes
        bytes += pathBytes
        bytes += destinationBytes
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
                guard length == 64 else { throw context.failure("write", "the synthesis process sent a malformed file record") }
                let (count, size, seconds, nanoseconds) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: payload.lowerBound, as: UInt64.self),
                        raw.loadUnaligned(fromByteOffset: payload.lowerBound + 40, as: Int64.self),
                        raw.loadUnaligned(fromByteOffset: payload.lowerBound + 48, as: Int64.self),
                        raw.loadUnaligned(fromByteOffset: payload.lowerBound + 56, as: Int64.self)
                    )
                }
                answer.sampleCount = Int(count)
                answer.file = WrittenFile(
                    sha256: Array(buffer[(payload.lowerBound + 8)..<(payload.lowerBound + 40)]), size: Int(size),
                    modified: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
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

import Foundation

#if LOCUTOR_LIBFUZZER
import CLibFuzzer

// Built by scripts/fuzz with -sanitize=fuzzer -DLOCUTOR_LIBFUZZER: choose the target and load
// what it needs before the first input, so loading the voices is never timed as an input; then
// hand the command line to libFuzzer.
FuzzTarget.selected.prepare()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
#else
// A plain build replays inputs instead: every file named (every file inside a folder named, at
// any depth) runs through the target once, with the same laws. scripts/test replays the seed
// corpora and voices/ this way; a law that breaks stops the process with the input.
exit(Replay.run(paths: Array(CommandLine.arguments.dropFirst())))
#endif

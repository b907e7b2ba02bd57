import CLibFuzzer
import Foundation

// Choose the target and load what it needs before the first input, so loading the voices is
// never timed as an input; then hand the command line to libFuzzer.
FuzzTarget.selected.prepare()
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })

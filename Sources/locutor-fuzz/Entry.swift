import Foundation

/// libFuzzer's entry point: one generated input, run through the target that
/// `LOCUTOR_FUZZ_TARGET` names (`normalizer`, `voices`, `rbnf`, `plurals`, `price-component`).
///
/// An input a target rejects with a typed error is a clean run; a trap — a crash in LocutorCore or
/// a broken law the target checks (`Law.violated`) — is what libFuzzer reports and saves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else {
        FuzzTarget.selected.run(UnsafeBufferPointer(start: nil, count: 0))
        return 0
    }
    FuzzTarget.selected.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

// libFuzzer's driver, as compiler-rt declares it (FuzzerInterface.h / FuzzerDriver.cpp).
// `swiftc -sanitize=fuzzer` links libFuzzer in; nothing here links anything.
#ifndef LOCUTOR_CLIBFUZZER_SHIM_H
#define LOCUTOR_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with its command-line flags (`-max_len=`, `-timeout=`, corpus folders …) over
/// `callback`, one generated input per call; returns the process's exit status.
///
/// An executable that SwiftPM builds has a `main` of its own (SwiftPM renames the entry point so
/// tests can link the module), so libFuzzer's `main` is never used: main.swift calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif

// swift-tools-version: 6.1
// libFuzzer targets for LocutorCore, kept out of the root package so its build never needs the
// fuzzer runtime. Build and run them with scripts/fuzz; Fuzz/README.md has the exact commands.
import PackageDescription

let package = Package(
    name: "LocutorFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Locutor", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "locutor-fuzz",
            dependencies: ["CLibFuzzer", .product(name: "LocutorCore", package: "Locutor")],
            path: "Sources/LocutorFuzz"
        ),
        // libFuzzer's driver declared for Swift; the library itself comes with -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Locutor",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LocutorCore", targets: ["LocutorCore"]),
        .library(name: "LocutorSpeech", targets: ["LocutorSpeech"]),
        .executable(name: "locutor", targets: ["locutor"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // voices/ as a resource: copied as it is into the bundle Locutor_LocutorVoices, so an app or
        // a copied `locutor` binary has its data without a path. The target's folder is the package
        // root only so that the resource can be the top-level voices/ folder itself (a resource must
        // lie inside its target's folder); everything else at the root is excluded.
        .target(
            name: "LocutorVoices",
            path: ".",
            exclude: [
                "Examples", "Fuzz", "bench", "LICENSE", "README.md", "Tests", "out", "samples", "scripts",
                "Sources/CEspeakNG", "Sources/LocutorCore", "Sources/LocutorPhonemes", "Sources/LocutorReview",
                "Sources/LocutorSpeech", "Sources/locutor", "Sources/locutor-bench", "Sources/locutor-fuzz", "Sources/CLibFuzzer",
                "Sources/LocutorSupport", "Sources/LocutorFiles", "Sources/CLocutorIsolation", "Sources/CLocutorBench",
                "Sources/LocutorAudit",
            ],
            sources: ["Sources/LocutorVoices"],
            resources: [.copy("voices")]
        ),
        // Small helpers every layer shares (edit distance for "did you mean"): Swift standard library only.
        .target(name: "LocutorSupport"),
        // Files written safely (temporary names renamed into place) for the speech and review layers.
        .target(name: "LocutorFiles"),
        // Foundation only: usable inside an iOS app. Never imports CEspeakNG.
        .target(
            name: "LocutorCore",
            dependencies: ["LocutorSupport", "LocutorVoices", .product(name: "Yams", package: "Yams")]
        ),
        // IPA hints in eSpeak NG's phoneme mnemonics: Foundation only, without linking eSpeak NG.
        .target(
            name: "LocutorPhonemes",
            dependencies: ["LocutorCore", .product(name: "Yams", package: "Yams")]
        ),
        // The system's eSpeak NG (GPL-3.0-or-later), found through pkg-config.
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"]), .brew(["espeak-ng"])]
        ),
        // The zygotes and workers that speak each utterance in a forked process: C, because only C
        // may run in the child of a multi-threaded process. The design is described in isolation.c.
        .target(
            name: "CLocutorIsolation",
            dependencies: ["CEspeakNG"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        // The only importer of CEspeakNG. Knows nothing about prices.
        .target(
            name: "LocutorSpeech",
            dependencies: [
                "CEspeakNG", "CLocutorIsolation", "LocutorFiles", "LocutorSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `locutor audit`: the string files apps ship, read with their locations, and the spans a
        // screen reader (eSpeak NG, NVDA's and Orca's voice) says differently from the region.
        .target(
            name: "LocutorAudit",
            dependencies: ["LocutorCore", "LocutorPhonemes", "LocutorSpeech", "LocutorReview", "LocutorSupport"]
        ),
        // The review layer: catalogs, batch rendering, manifests, goldens, diffs, the listening
        // page. The command line and the tests use it, so a CI failure and `locutor diff` print
        // the same thing.
        .target(
            name: "LocutorReview",
            dependencies: [
                "LocutorCore", "LocutorFiles", "LocutorPhonemes", "LocutorSpeech",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "locutor",
            dependencies: [
                "LocutorCore",
                "LocutorVoices",
                "LocutorPhonemes",
                "LocutorSpeech",
                "LocutorReview",
                "LocutorAudit",
                "LocutorFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "locutor-bench",
            dependencies: ["LocutorSpeech", "CEspeakNG", "CLocutorBench"]
        ),
        // eSpeak NG's own speed, measured in a forked child: the benchmark's baseline.
        .target(
            name: "CLocutorBench",
            dependencies: ["CEspeakNG"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]
        ),
        // The fuzz targets for LocutorCore. A plain build replays inputs (scripts/test runs the seed
        // corpora through it); scripts/fuzz builds it with -sanitize=fuzzer -DLOCUTOR_LIBFUZZER.
        .executableTarget(
            name: "locutor-fuzz",
            dependencies: ["LocutorCore", "LocutorReview", "LocutorAudit", "CLibFuzzer"]
        ),
        // libFuzzer's driver declared for Swift; the library comes with -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer"),
        .testTarget(
            name: "LocutorSupportTests",
            dependencies: ["LocutorSupport"]
        ),
        .testTarget(
            name: "LocutorCoreTests",
            dependencies: ["LocutorCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocutorPhonemesTests",
            dependencies: ["LocutorPhonemes", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocutorSpeechTests",
            dependencies: ["LocutorSpeech", "LocutorFiles", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(
            name: "LocutorReviewTests",
            dependencies: [
                "LocutorReview", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LocutorAuditTests",
            dependencies: ["LocutorAudit"]
        ),
        .testTarget(
            name: "locutorTests",
            dependencies: ["locutor"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
// An app's view of Locutor: it depends on LocutorCore only, and names no voices folder — the data
// ships with the library as a resource.
import PackageDescription

let package = Package(
    name: "PriceLabel",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Locutor", path: "../..")],
    targets: [
        .executableTarget(
            name: "price-label",
            dependencies: [.product(name: "LocutorCore", package: "Locutor")]
        ),
        .testTarget(
            name: "PriceLabelTests",
            dependencies: [.product(name: "LocutorCore", package: "Locutor")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

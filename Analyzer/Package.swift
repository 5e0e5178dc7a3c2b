// swift-tools-version:6.0
import PackageDescription

// The analyzer of real SwiftUI source (issue 24): its own package, so that the verifier's
// `swift build` and `swift test` never build swift-syntax.
let package = Package(
    name: "SwiftUIIdentityLint",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "swiftui-identity-lint", targets: ["swiftui-identity-lint"]),
        .library(name: "SwiftUIIdentityLint", targets: ["SwiftUIIdentityLint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-syntax", exact: "602.0.0"),
        .package(name: "SwiftUIIdentityVerifier", path: ".."),
    ],
    targets: [
        // Lowering of SwiftUI source into the model's renders, the rules and the report writers.
        .target(
            name: "SwiftUIIdentityLint",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "IdentityModel", package: "SwiftUIIdentityVerifier"),
                .product(name: "Invalidation", package: "SwiftUIIdentityVerifier"),
            ]
        ),
        // The command line: arguments, exit codes, the progress line.
        .executableTarget(name: "swiftui-identity-lint", dependencies: ["SwiftUIIdentityLint"]),
        .testTarget(
            name: "SwiftUIIdentityLintTests",
            dependencies: ["SwiftUIIdentityLint"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The targets whose Swift code the tests spend their time in (the parser, the checker's
// enumeration, the scenarios' replay, the encoding) are optimized in debug builds too: the fast
// tier runs lemma files through them, and unoptimized they took most of its time (README.md,
// "Tests in tiers" and the timing table). `-enable-testing` still comes with the debug
// configuration, so `@testable import` works; the tests stay unoptimized. To step through one of
// these targets in a debugger, drop its `swiftSettings` locally.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "SwiftUIIdentityVerifier",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "verify-lemmas", targets: ["verify-lemmas"]),
        // What Analyzer/ (the SwiftUI source analyzer, its own package) builds on.
        .library(name: "IdentityModel", targets: ["IdentityModel"]),
        .library(name: "Invalidation", targets: ["Invalidation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The C layer: a module map and a shim header over libz3 (Debian: libz3-dev).
        .systemLibrary(
            name: "CZ3",
            pkgConfig: "z3",
            providers: [.apt(["libz3-dev"]), .brew(["z3"])]
        ),
        // Safe Swift over Z3's C API; the only target that imports CZ3.
        .target(name: "Z3Kit", dependencies: ["CZ3"]),
        // The identity semantics of SwiftUI view trees: programs, renders, rules R1-R10, traces.
        .target(name: "IdentityModel", swiftSettings: optimizedInDebug),
        // Invalidation on top of identity (seed 003): view values, rules I1-I9, body evaluations.
        .target(name: "Invalidation", dependencies: ["IdentityModel"], swiftSettings: optimizedInDebug),
        // Explicit-state enumeration of programs, renders and transitions; no solver.
        .target(name: "ModelChecker", dependencies: ["IdentityModel"], swiftSettings: optimizedInDebug),
        // The lemma file language: lexer, parser, AST with source spans, type checker, diagnostics.
        .target(name: "LemmaLanguage", dependencies: ["IdentityModel", "Invalidation", "LemmaLogic"], swiftSettings: optimizedInDebug),
        // What a lemma means: resolved formulas over paths, the fragment and cutoff, and their
        // direct evaluation on trees (no solver).
        .target(name: "LemmaLogic", dependencies: ["IdentityModel", "Invalidation"], swiftSettings: optimizedInDebug),
        // The model and lemmas as Z3 terms, and Z3 models back to paths and renders.
        .target(name: "Encoding", dependencies: ["Z3Kit", "IdentityModel", "Invalidation", "LemmaLogic"], swiftSettings: optimizedInDebug),
        // What routes, scenarios and checks answer, typed: verdicts, reasons, counterexamples.
        .target(name: "Results", dependencies: ["IdentityModel", "Invalidation", "LemmaLogic", "Encoding"]),
        // Scenarios run through the semantics, each cross-checked by Z3's ground encoding.
        .target(
            name: "Scenarios",
            dependencies: ["Results", "IdentityModel", "Invalidation", "LemmaLanguage", "LemmaLogic", "Encoding"],
            swiftSettings: optimizedInDebug
        ),
        // Both routes, the schedule and the verdicts; Z3 only through Encoding's SolverSession.
        .target(
            name: "Prover",
            dependencies: ["Results", "Scenarios", "IdentityModel", "Invalidation", "ModelChecker", "LemmaLanguage", "LemmaLogic", "Encoding"],
            swiftSettings: optimizedInDebug
        ),
        // The report writers: human text, JSON, JUnit, SARIF.
        .target(name: "Reports", dependencies: ["Prover", "Results", "IdentityModel", "Invalidation", "LemmaLanguage", "LemmaLogic", "Encoding"]),
        // What a run leaves on disk: Proofs/ and the DOT folder, each swapped in whole.
        .target(name: "Artifacts", dependencies: ["Prover", "Results", "IdentityModel", "Invalidation", "LemmaLogic", "Encoding"]),
        // The thin command-line front end.
        .executableTarget(
            name: "verify-lemmas",
            dependencies: [
                "Prover", "Reports", "Artifacts", "Results", "LemmaLanguage", "ModelChecker", "IdentityModel", "Encoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What several test targets share: the verify-lemmas process, goldens, repository paths.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "Z3KitTests", dependencies: ["Z3Kit", "TestSupport"]),
        .testTarget(name: "VerifyLemmasTests", dependencies: ["verify-lemmas", "Prover", "Reports", "Artifacts", "Results", "Scenarios", "Encoding", "IdentityModel", "Invalidation", "LemmaLogic", "ModelChecker", "TestSupport"]),
        .testTarget(name: "IdentityModelTests", dependencies: ["IdentityModel"]),
        .testTarget(name: "InvalidationTests", dependencies: ["Invalidation", "IdentityModel"]),
        .testTarget(name: "ModelCheckerTests", dependencies: ["ModelChecker", "IdentityModel"]),
        .testTarget(
            name: "LemmaLanguageTests", dependencies: ["LemmaLanguage", "IdentityModel", "LemmaLogic", "TestSupport"],
            exclude: ["Malformed"]),
        .testTarget(name: "LemmaLogicTests", dependencies: ["LemmaLogic", "IdentityModel"]),
        .testTarget(name: "EncodingTests", dependencies: ["Encoding", "Z3Kit", "IdentityModel", "Invalidation", "LemmaLogic", "TestSupport"]),
        .testTarget(
            name: "ProverTests",
            dependencies: [
                "Prover", "Results", "Scenarios", "Reports", "Artifacts", "Encoding", "IdentityModel", "Invalidation", "LemmaLanguage",
                "LemmaLogic", "ModelChecker", "TestSupport",
            ],
            exclude: ["Golden", "SoundnessCorpus", "CrashCorpus"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

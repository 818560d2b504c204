// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "AccountFeed",
  products: [
    .executable(name: "feedctl", targets: ["feedctl"]),
    .executable(name: "feedbench", targets: ["feedbench"]),
    .library(name: "Postgres", targets: ["Postgres"]),
    .library(name: "FeedComponents", targets: ["FeedComponents"]),
    .library(name: "FeedDiff", targets: ["FeedDiff"]),
    .library(name: "FeedVocabulary", targets: ["FeedVocabulary"]),
    .library(name: "FeedWire", targets: ["FeedWire"]),
    .library(name: "AccountModel", targets: ["AccountModel"]),
    .library(name: "AccountStore", targets: ["AccountStore"]),
    .library(name: "FeedAssembler", targets: ["FeedAssembler"]),
    .library(name: "FeedService", targets: ["FeedService"]),
    .library(name: "FeedPreview", targets: ["FeedPreview"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "PhoneAPI", targets: ["PhoneAPI"]),
    .library(name: "AccountFeedClient", targets: ["AccountFeedClient"]),
    .executable(name: "feedphone", targets: ["feedphone"]),
    .library(name: "ServiceHTTP", targets: ["ServiceHTTP"]),
  ],
  targets: [
    // libpq, found through pkg-config (apt: libpq-dev).
    .systemLibrary(
      name: "CPostgres",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    .target(name: "Postgres", dependencies: ["CPostgres"]),
    // OpenSSL 3's libcrypto, found through pkg-config (apt: libssl-dev): SHA-256 for digests.
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // The plain values the pure layers share without depending on one another: a notice's
    // severity (the model keeps it, a component draws it) and a change summary (a diff counts
    // it, the store keeps it with a snapshot).
    .target(name: "FeedVocabulary"),
    .target(name: "FeedComponents", dependencies: ["CCrypto", "FeedVocabulary"]),
    .target(name: "FeedDiff", dependencies: ["FeedVocabulary"]),
    // The wire contract between server and phone: changeset/2 and its reference applier.
    .target(name: "FeedWire", dependencies: ["FeedComponents", "FeedDiff", "FeedVocabulary"]),
    // Owners, accounts, notices and the rules for their fields: plain values, no database.
    .target(name: "AccountModel", dependencies: ["FeedVocabulary"]),
    // Turns files into Swift source: an installed feedctl carries its SQL migrations and its
    // preview page (plain HTML, CSS and JavaScript: no build step, no CDN) with nothing beside it.
    .executableTarget(name: "EmbedFiles"),
    .plugin(
      name: "MigrationsPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedFiles"]
    ),
    .target(
      name: "AccountStore",
      dependencies: ["AccountModel", "Postgres", "FeedVocabulary"],
      plugins: ["MigrationsPlugin"]
    ),
    .target(name: "FeedAssembler", dependencies: ["AccountModel", "FeedComponents"]),
    // Every use case once, for every front end: feedctl now, the HTTP server next.
    .target(
      name: "FeedService",
      dependencies: [
        "AccountModel", "AccountStore", "BoundedMemory", "FeedAssembler", "FeedComponents",
        "FeedDiff", "FeedWire", "GzipCoding", "Postgres", "FeedVocabulary",
      ]
    ),
    .plugin(
      name: "PreviewAssetsPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedFiles"]
    ),
    // `feedctl preview`: the operator page (assets embedded in the binary) and its routes.
    .target(
      name: "FeedPreview",
      dependencies: ["AccountModel", "FeedComponents", "HTTPServer", "FeedService", "ServiceHTTP"],
      exclude: ["Assets"],
      plugins: ["PreviewAssetsPlugin"]
    ),
    // libmicrohttpd, found through pkg-config (apt: libmicrohttpd-dev).
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // The generic HTTP server: listening, limits, routing, event streams, metrics and the request
    // log. It knows no feed: the phone API and the preview page register their routes on it.
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "AccountModel", "FeedComponents"]),
    // The service's answers over HTTP, for every HTTP front end alike: the one table of failure
    // kinds to statuses, and a follower's updates as server-sent events.
    .target(
      name: "ServiceHTTP",
      dependencies: ["HTTPServer", "FeedComponents", "FeedService", "FeedWire"]
    ),
    // Embeds docs/openapi.json, the phone API's contract, which `GET /v1/openapi.json` serves.
    .plugin(
      name: "ContractPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedFiles"]
    ),
    // The phone API's `/v1/` routes over FeedService (which holds every rule): requests to use
    // cases.
    .target(
      name: "PhoneAPI",
      dependencies: [
        "HTTPServer", "AccountModel", "BoundedMemory", "FeedAssembler", "FeedComponents",
        "FeedService", "FeedWire", "GzipCoding", "ServiceHTTP",
      ],
      plugins: ["ContractPlugin"]
    ),
    // Argument parsing in the spirit of swift-argument-parser, which cannot be fetched here.
    .target(name: "ArgumentKit"),
    // glibc's `mallopt`, for feedctl's allocator settings (see feedctl's main.swift).
    .systemLibrary(name: "CMalloc"),
    .executableTarget(
      name: "feedctl",
      dependencies: [
        "ArgumentKit", "AccountModel", "CMalloc", "FeedAssembler", "FeedComponents", "FeedDiff",
        "HTTPServer", "FeedPreview", "FeedService", "PhoneAPI", "FeedVocabulary",
      ]
    ),
    .executableTarget(
      name: "feedbench",
      dependencies: [
        "FeedComponents", "FeedDiff", "SplitMix", "AccountModel", "AccountStore", "FeedService",
        "Postgres",
      ]
    ),
    // A seeded random generator for generated feeds: tests and benchmarks replay their cases.
    .target(name: "SplitMix"),
    // zlib, found through pkg-config (apt: zlib1g-dev).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // gzip whose bytes depend on the input alone: the served feeds are kept in it, and response
    // bodies sent in it.
    .target(name: "GzipCoding", dependencies: ["CZlib"]),
    // What the process's caches are built of: a least-recently-used order bounded in bytes, and
    // a lock whose waiters sleep rather than spin.
    .target(name: "BoundedMemory"),
    // Headless Chromium driven over the DevTools protocol, for the preview page's browser tests.
    .target(name: "BrowserTestSupport"),
    // A private PostgreSQL (or DATABASE_URL) and a fresh database per test, empty or copied from
    // a template prepared once per test process.
    .target(name: "PostgresTestSupport", dependencies: ["Postgres"]),
    // What the project's tests share: the migrated template database, `eventually`, running the
    // built feedctl, two seeded owners, and random pairs of feed documents.
    .target(
      name: "AccountFeedTestSupport",
      dependencies: [
        "AccountModel", "AccountStore", "FeedComponents", "FeedService", "PostgresTestSupport",
        "SplitMix",
      ]
    ),
    // The phone side: fetch, stream, resume, apply, verify, batches for UIKit (docs/client.md).
    .target(name: "AccountFeedClient", dependencies: ["FeedWire", "FeedComponents", "FeedDiff"]),
    // Follows a feed through AccountFeedClient and prints each version.
    .executableTarget(
      name: "feedphone", dependencies: ["AccountFeedClient", "ArgumentKit", "FeedComponents"]),
    // The UIKit batch-update rules, checked independently of any applier (test support).
    .target(name: "StageCheckSupport", dependencies: ["FeedDiff"]),

    .testTarget(name: "PostgresTests", dependencies: ["Postgres", "PostgresTestSupport"]),
    // The model is pure, so its tests need no database.
    .testTarget(name: "AccountModelTests", dependencies: ["AccountModel"]),
    .testTarget(
      name: "AccountStoreTests",
      dependencies: [
        "AccountFeedTestSupport", "AccountModel", "AccountStore", "Postgres", "PostgresTestSupport",
        "SplitMix", "FeedVocabulary",
      ]
    ),
    .testTarget(name: "FeedComponentsTests", dependencies: ["FeedComponents", "FeedVocabulary"]),
    .testTarget(
      name: "FeedDiffTests",
      dependencies: [
        "FeedDiff", "AccountFeedTestSupport", "FeedComponents", "SplitMix", "FeedVocabulary",
        "StageCheckSupport",
      ]),
    .testTarget(
      name: "FeedWireTests",
      dependencies: [
        "FeedWire", "FeedComponents", "FeedDiff", "FeedAssembler", "AccountFeedTestSupport",
        "AccountModel", "SplitMix", "FeedVocabulary",
      ]
    ),
    .testTarget(
      name: "FeedAssemblerTests",
      dependencies: [
        "FeedAssembler", "AccountModel", "FeedComponents",
      ],
      // Every screen as each supported client receives it; read by GoldenCorpusTests.
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "FeedServiceTests",
      dependencies: [
        "FeedService", "AccountFeedTestSupport", "AccountModel", "AccountStore", "FeedAssembler",
        "FeedComponents", "FeedWire", "Postgres", "PostgresTestSupport", "SplitMix",
      ]
    ),
    .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
    .testTarget(name: "BoundedMemoryTests", dependencies: ["BoundedMemory"]),
    .testTarget(name: "GzipCodingTests", dependencies: ["GzipCoding"]),
    // docs/openapi.json checked by outside programs (scripts/setup test installs them) against
    // what the real writers produce: no server, no database.
    .testTarget(
      name: "ContractTests",
      dependencies: [
        "AccountFeedTestSupport", "AccountModel", "FeedAssembler", "FeedComponents", "FeedWire",
        "SplitMix", "FeedVocabulary",
      ]
    ),
    // scripts/setup (the first step of `make demo` and `make test`) on a made-up machine.
    .testTarget(name: "SetupTests"),
    .testTarget(
      name: "FeedPreviewTests",
      dependencies: [
        "feedctl", "FeedPreview", "AccountFeedTestSupport", "BrowserTestSupport", "FeedWire",
        "FeedComponents", "FeedAssembler", "AccountModel", "AccountStore", "HTTPServer",
        "FeedService", "PostgresTestSupport", "SplitMix",
      ]
    ),
    .testTarget(
      name: "PhoneAPITests",
      dependencies: [
        "feedctl", "HTTPServer", "PhoneAPI", "FeedService", "AccountFeedTestSupport",
        "AccountModel", "AccountStore", "FeedComponents", "FeedWire", "GzipCoding", "Postgres",
        "PostgresTestSupport",
      ]
    ),
    // scripts/topology's primary, streaming replica, two `feedctl serve` and nginx, with a
    // phone (curl) through nginx; needs PostgreSQL's server programs, psql, curl and nginx.
    .testTarget(name: "TopologyTests", dependencies: ["feedctl"]),
    // The generic server in process: routing and addresses, no socket.
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
    .testTarget(
      name: "FeedctlTests",
      dependencies: [
        "feedctl", "AccountFeedTestSupport", "ArgumentKit", "FeedService", "Postgres",
        "PostgresTestSupport", "FeedComponents",
        "FeedWire",
      ]
    ),
    // The client against the real `feedctl serve` and PostgreSQL, and the built feedphone.
    .testTarget(
      name: "AccountFeedClientTests",
      dependencies: [
        "AccountFeedClient", "AccountFeedTestSupport", "feedctl", "feedphone", "FeedComponents",
        "FeedDiff", "FeedWire", "Postgres", "PostgresTestSupport", "StageCheckSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

import ArgumentKit

/// Text for people, JSON for programs.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}

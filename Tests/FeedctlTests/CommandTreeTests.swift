import ArgumentKit
import Testing

@testable import feedctl

/// The command tree as declared: every command reachable, no clashing names.
@Suite("Command tree")
struct CommandTreeTests {
  @Test func treeHasNoDeclarationProblems() {
    #expect(Feedctl.declarationProblems() == [])
  }
}

extension TestDatabase {
  /// What a test's database holds when the test starts. Every test says which it needs, so a
  /// test of migrations never starts from a database something else already migrated.
  public struct Contents: Sendable {
    let template: TemplateDatabase?

    /// Nothing at all: for the client's own tests, and for tests that build an older schema or
    /// run the migrations themselves.
    public static let empty = Contents(template: nil)

    /// A copy of `template`, which is prepared once per test process.
    public static func copy(of template: TemplateDatabase) -> Contents {
      Contents(template: template)
    }
  }
}

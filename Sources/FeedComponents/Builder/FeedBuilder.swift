/// The result builder for a feed's sections, with the same forms as `SectionModelsBuilder`.
@resultBuilder
public enum FeedBuilder {
  public static func buildExpression(_ section: Section) -> [Section] {
    [section]
  }

  public static func buildExpression(_ section: Section?) -> [Section] {
    section.map { [$0] } ?? []
  }

  public static func buildExpression(_ sections: [Section]) -> [Section] {
    sections
  }

  public static func buildBlock() -> [Section] {
    []
  }

  public static func buildPartialBlock(first: [Section]) -> [Section] {
    first
  }

  public static func buildPartialBlock(accumulated: [Section], next: [Section]) -> [Section] {
    accumulated + next
  }

  public static func buildOptional(_ sections: [Section]?) -> [Section] {
    sections ?? []
  }

  public static func buildEither(first sections: [Section]) -> [Section] {
    sections
  }

  public static func buildEither(second sections: [Section]) -> [Section] {
    sections
  }

  public static func buildArray(_ groups: [[Section]]) -> [Section] {
    groups.flatMap { $0 }
  }

  public static func buildLimitedAvailability(_ sections: [Section]) -> [Section] {
    sections
  }
}

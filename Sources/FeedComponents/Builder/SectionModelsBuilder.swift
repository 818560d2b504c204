/// The result builder for a section's components, named as in the seed.
///
/// It accepts components, optional components, arrays of components, `For` and any other
/// `ComponentListConvertible`, and `if`, `if`/`else`, `switch` and `for … in`. Blocks are combined
/// pairwise with `buildPartialBlock`, so a block may hold any number of statements.
@resultBuilder
public enum SectionModelsBuilder {
  public static func buildExpression<C: Component>(_ component: C) -> [AnyComponent] {
    [AnyComponent(component)]
  }

  public static func buildExpression<C: Component>(_ component: C?) -> [AnyComponent] {
    component.map { [AnyComponent($0)] } ?? []
  }

  public static func buildExpression(_ component: AnyComponent) -> [AnyComponent] {
    [component]
  }

  public static func buildExpression<C: Component>(_ components: [C]) -> [AnyComponent] {
    components.map { AnyComponent($0) }
  }

  public static func buildExpression(_ components: [AnyComponent]) -> [AnyComponent] {
    components
  }

  public static func buildExpression(_ list: some ComponentListConvertible) -> [AnyComponent] {
    list.components
  }

  public static func buildBlock() -> [AnyComponent] {
    []
  }

  public static func buildPartialBlock(first: [AnyComponent]) -> [AnyComponent] {
    first
  }

  public static func buildPartialBlock(
    accumulated: [AnyComponent], next: [AnyComponent]
  ) -> [AnyComponent] {
    accumulated + next
  }

  public static func buildOptional(_ components: [AnyComponent]?) -> [AnyComponent] {
    components ?? []
  }

  public static func buildEither(first components: [AnyComponent]) -> [AnyComponent] {
    components
  }

  public static func buildEither(second components: [AnyComponent]) -> [AnyComponent] {
    components
  }

  public static func buildArray(_ groups: [[AnyComponent]]) -> [AnyComponent] {
    groups.flatMap { $0 }
  }

  public static func buildLimitedAvailability(_ components: [AnyComponent]) -> [AnyComponent] {
    components
  }
}

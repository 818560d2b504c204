/// A section that moves: `source` is its pre-stage index, `target` its post-stage index.
public struct SectionMove<ID: Hashable>: Hashable {
  public var id: ID
  public var source: Int
  public var target: Int

  public init(id: ID, source: Int, target: Int) {
    self.id = id
    self.source = source
    self.target = target
  }
}

extension SectionMove: Sendable where ID: Sendable {}

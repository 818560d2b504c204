/// One stage of a changeset in dense-integer form, before identifiers and values are attached.
///
/// References point into the two feeds: a section reference `r >= 0` is new section `r`, `r < 0`
/// is old section `~r`; an element reference is likewise a new or an old flat element index.
/// Matched things are always referenced on the new side, so intermediate data already carries
/// their new content.
@usableFromInline
struct StagePlan {
  @usableFromInline
  struct Section {
    @usableFromInline var index: Int
    @usableFromInline var ref: Int
  }

  @usableFromInline
  struct SectionMove {
    @usableFromInline var source: Int
    @usableFromInline var target: Int
    @usableFromInline var ref: Int
  }

  @usableFromInline
  struct Element {
    @usableFromInline var path: ElementPath
    @usableFromInline var section: Int
    @usableFromInline var ref: Int
  }

  @usableFromInline
  struct ElementMove {
    @usableFromInline var source: ElementPath
    @usableFromInline var target: ElementPath
    @usableFromInline var sourceSection: Int
    @usableFromInline var targetSection: Int
    @usableFromInline var ref: Int
  }

  /// The feed after the stage as references: section `i` is `sections[i]` holding
  /// `elements[elementStart[i]..<elementStart[i + 1]]`.
  @usableFromInline
  struct Layout {
    @usableFromInline var sections: [Int] = []
    @usableFromInline var elementStart: [Int] = [0]
    @usableFromInline var elements: [Int] = []
  }

  /// Which intermediate feed the stage ends at; `StagePlanner` turns it into `data`.
  enum LayoutKind {
    /// The old layout; element content new once the element updates are done.
    case old(newContent: Bool)
    case afterDeletes
    case middle(final: Bool)
  }

  /// How to build the stage's data.
  @usableFromInline
  enum Data {
    /// The new feed itself: the last stage.
    case target
    /// The old feed's sections and elements; paired elements with new content when
    /// `newContent` is set, paired sections with their new header where `newHeaders` says so
    /// (all of them when it is empty).
    case old(newContent: Bool, newHeaders: [Bool])
    case refs(Layout)
  }

  var kind: LayoutKind
  @usableFromInline var data = Data.target
  @usableFromInline var sectionDeleted: [Section] = []
  @usableFromInline var sectionInserted: [Section] = []
  @usableFromInline var sectionUpdated: [Section] = []
  @usableFromInline var sectionMoved: [SectionMove] = []
  @usableFromInline var elementDeleted: [Element] = []
  @usableFromInline var elementInserted: [Element] = []
  @usableFromInline var elementUpdated: [Element] = []
  @usableFromInline var elementMoved: [ElementMove] = []

}

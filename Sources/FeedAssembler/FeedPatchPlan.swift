import FeedComponents

/// What a write that left every account where it stands changes in a feed, in the layout's
/// terms (see `FeedAssembler.patchPlan(for:)`): the small sections drawn whole, where the
/// sections made of accounts stand among them, and the changed accounts' items with the section
/// each is in.
public struct FeedPatchPlan {
  public enum Part {
    /// A section drawn whole: the title, the notices, the totals.
    case drawn(Section)
    /// The account sections as they stand (one, or one per kind when grouped).
    case accounts
    /// The visibility switches as they stand.
    case visibility
  }

  /// The feed's sections in screen order.
  public var parts: [Part]
  /// An item of each changed account in each section that shows it, in the order the accounts
  /// came.
  public var items: [(sectionID: String, component: AnyComponent)]
}

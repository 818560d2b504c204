/// A stage that does not fit the feed as a collection view would hold it (an index outside it,
/// or a reload that UIKit would put on another item); the client fetches the whole document.
struct BatchPlanError: Error, Equatable {
  /// The stage, counted from 1.
  let stage: Int
}

/// Why `takeSnapshotOfEveryOwner` stopped before the last owner. The batch it was storing was
/// rolled back as a whole; every batch before it was committed and stays, so the error says how
/// far the run got as well as what went wrong.
public struct SnapshotRunError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The snapshots committed before the failure (each already reported to `progress`).
  public var taken: Int
  /// The first and last owner of the batch that was rolled back; nil when the failure came
  /// before a batch was chosen.
  public var batch: ClosedRange<String>?
  /// The owner whose feed could not be rendered, when that is what failed.
  public var owner: String?
  public var reason: AccountStoreError

  public init(
    taken: Int, batch: ClosedRange<String>?, owner: String?, reason: AccountStoreError
  ) {
    self.taken = taken
    self.batch = batch
    self.owner = owner
    self.reason = reason
  }

  public var description: String {
    let at = owner.map { " at owner '\($0)'" } ?? ""
    let kept =
      taken == 1
      ? "1 snapshot taken before it is kept" : "\(taken) snapshots taken before it are kept"
    let lost =
      batch.map {
        $0.lowerBound == $0.upperBound
          ? "; owner '\($0.lowerBound)' got none"
          : "; owners '\($0.lowerBound)' to '\($0.upperBound)' got none"
      } ?? ""
    return "snapshots of every owner stopped\(at): \(reason) (\(kept)\(lost))"
  }
}

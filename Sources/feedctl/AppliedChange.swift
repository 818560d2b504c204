import AccountStore

/// A change a write command made and what it produced, kept together so the report can say
/// what was done ("updated notice 2") rather than guess it from the resulting row.
struct AppliedChange {
  let change: StoreChange
  let result: StoreChangeResult
}

import AccountModel
import Testing

/// The rules for ids, positions and currencies: one copy, used by the command line, the JSON
/// batch and the store alike.
@Suite("Ids, positions and currencies")
struct NumberRuleTests {
  @Test func aPositionFromZeroToInt32MaxIsKept() throws {
    #expect(try FieldRules.position(Int64(0)) == 0)
    #expect(try FieldRules.position(Int64(Int32.max)) == Int32.max)
  }

  @Test(arguments: [Int64(-1), Int64(Int32.max) + 1, Int64.min, Int64.max])
  func aPositionOutsideTheStoredRangeIsRefusedByName(_ position: Int64) {
    #expect(
      throws: FieldError(
        field: "position", reason: "must be 0 to 2147483647, got \(position)")
    ) { try FieldRules.position(position) }
  }

  @Test(arguments: [Int64(0), -1, Int64.min])
  func anIdBelowOneIsRefused(_ id: Int64) {
    #expect(
      throws: FieldError(
        field: "account id", reason: "must be positive (ids start at 1), got \(id)")
    ) { try FieldRules.id(id, of: "account") }
  }

  @Test func anIdOfOneOrMoreIsAccepted() throws {
    try FieldRules.id(1, of: "account")
    try FieldRules.id(.max, of: "notice")
  }

  @Test func aLowercaseCodeIsRefusedWithTheCodeItMeans() {
    #expect(
      throws: FieldError(
        field: "currency", reason: "'krw' is not an ISO 4217 code; did you mean 'KRW'?")
    ) { try FieldRules.currency("krw") }
  }

  @Test func anUnknownCodeIsRefusedWithExamples() {
    #expect(
      throws: FieldError(
        field: "currency", reason: "'EURO' is not an ISO 4217 code such as KRW or USD")
    ) { try FieldRules.currency("EURO") }
  }

  @Test func aKnownCodeGivesItsCurrency() throws {
    #expect(try FieldRules.currency("USD") == .usd)
  }
}

import ArgumentKit
import Testing

@Suite("Typed values")
struct ExpressibleByArgumentTests {
  @Test func intAcceptsASignedDecimal() {
    #expect(Int(argument: "-42") == -42)
  }

  @Test func intRejectsADecimalPoint() {
    #expect(Int(argument: "4.2") == nil)
  }

  @Test func int64RejectsAValueThatOverflows() {
    #expect(Int64(argument: "9223372036854775808") == nil)
  }

  @Test func integerRejectsSurroundingSpace() {
    #expect(Int64(argument: " 5") == nil)
  }

  @Test func boolAcceptsTrueAndFalse() {
    #expect(Bool(argument: "true") == true)
    #expect(Bool(argument: "false") == false)
  }

  @Test func boolRejectsOtherWords() {
    #expect(Bool(argument: "yes") == nil)
  }

  @Test func stringEnumListsItsCasesAsAllowedValues() {
    #expect(AccountKind.allowedValues == ["checking", "savings"])
  }

  @Test func stringEnumDescribesItsDefaultByRawValue() {
    #expect(AccountKind.savings.argumentDescription == "savings")
  }

  @Test func emptyTextIsAnIntegerExpectationWithoutRange() {
    #expect(Int.expectation(forInvalid: "") == "an integer")
  }
}

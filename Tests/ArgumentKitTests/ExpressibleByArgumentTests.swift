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

/// A value that can be wrong in more than one way says which, through `reason(forInvalid:)`.
@Suite("Reasons for invalid values")
struct InvalidValueReasonTests {
  struct Even: ExpressibleByArgument {
    let value: Int

    init?(argument: String) {
      guard let value = Int(argument), value.isMultiple(of: 2) else { return nil }
      self.value = value
    }

    static func reason(forInvalid argument: String) -> String {
      Int(argument) == nil ? "expected an even number" : "\(argument) is odd"
    }
  }

  struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pick")

    @Option(help: "An even number.")
    var number: Even
  }

  private func message(_ arguments: [String]) -> String {
    do {
      _ = try Pick.parse(arguments, environment: [:])
      return ""
    } catch {
      return error.message
    }
  }

  @Test func theTypesReasonEndsTheMessage() {
    #expect(message(["--number", "7"]) == "invalid value '7' for --number: 7 is odd")
  }

  @Test func theDefaultReasonIsTheExpectation() {
    #expect(Int.reason(forInvalid: "x") == "expected an integer")
  }
}

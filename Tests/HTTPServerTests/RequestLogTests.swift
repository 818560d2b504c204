import Testing

@testable import HTTPServer

/// The request log's durations: milliseconds with three decimals, as `%.3f` prints them.
@Suite("Request log")
struct RequestLogTests {
  @Test(
    "A duration is printed in milliseconds with three decimals, rounded",
    arguments: [
      (0.0, "0.000"), (0.0004, "0.000"), (1.5, "1.500"), (12.3456, "12.346"),
      (999.9996, "1000.000"), (42.07, "42.070"),
    ])
  func thousandths(_ milliseconds: Double, _ printed: String) {
    #expect(RequestLog.thousandths(milliseconds) == printed)
  }
}

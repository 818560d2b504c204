import AccountModel
import FeedAssembler
import FeedComponents
import Testing

/// A total section adds up the accounts on the screen, one item per currency, exactly.
@Suite struct TotalTests {
  private func totals() throws -> FeedAssembler {
    FeedAssembler(layout: try layout(#"{"sections": [{"kind": "total"}]}"#))
  }

  private func values(_ rows: FeedRows, _ assembler: FeedAssembler) throws -> [JSONValue?] {
    try assembler.assemble(rows).sections.first?.items.map { $0.props["value"] } ?? []
  }

  @Test func totalsAreOnePerCurrencyInCodeOrder() throws {
    let rows = SeedRows.rows {
      $0.accounts.insert(
        SeedRows.account(id: 201, name: "달러 통장", balance: 1_050, currency: .usd), at: 0)
      $0.accounts.append(
        SeedRows.account(id: 202, name: "달러 예금", balance: 20_000, currency: .usd))
    }
    let document = try totals().assemble(rows)
    #expect(document.itemIDs == ["total/KRW", "total/USD"])
    // 116,848 + 20,000 + 50,000 won; 10.50 + 200.00 dollars.
    #expect(try values(rows, totals()) == ["186,848원", "$210.50"])
  }

  @Test func totalBeyondInt64ShowsTheOverflowText() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "total", "overflow_value": "너무 큼"}]}"#))
    let rows = SeedRows.rows {
      $0.accounts = (1...2).map {
        SeedRows.account(id: Int64($0), name: "금고 \($0)", balance: .max)
      }
    }
    #expect(try values(rows, assembler) == ["너무 큼"])
  }

  @Test func totalThatComesBackInRangeIsExact() throws {
    let rows = SeedRows.rows {
      $0.accounts = [Int64.max, Int64.max, -Int64.max].enumerated().map { index, balance in
        SeedRows.account(id: Int64(index + 1), name: "계좌 \(index)", balance: balance)
      }
    }
    // max + max - max = max, even though the first two alone exceed the range.
    #expect(try values(rows, totals()) == ["9,223,372,036,854,775,807원"])
  }

  @Test func ownerWithoutShownAccountsHasNoTotal() throws {
    let rows = SeedRows.rows { $0.accounts = [] }
    #expect(try totals().assemble(rows).sections.isEmpty)
  }
}

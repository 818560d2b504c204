import Postgres
import PostgresTestSupport
import Testing

@Suite struct PipelineTests {
  @Test func pipelineReturnsEveryResultInOrder() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let queries: [PostgresQuery] = (0..<1_200).map { "SELECT \(Int64($0)) * 2 AS doubled" }
      let results = try connection.pipeline(queries)
      let values = try results.map { try $0.single().decode("doubled", as: Int64.self) }
      #expect(values == (0..<1_200).map { Int64($0) * 2 })
    }
  }

  @Test func aPipelineOutsideATransactionIsAllOrNothingAcrossChunks() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8 CHECK (v > 0))")
      var queries: [PostgresQuery] = (1...1_200).map { "INSERT INTO t VALUES (\(Int64($0)))" }
      queries.append("INSERT INTO t VALUES (-1)")
      #expect(throws: PostgresError.self) { try connection.pipeline(queries) }
      #expect(
        try connection.query("SELECT count(*) AS n FROM t").single().decode("n", as: Int64.self)
          == 0)
    }
  }

  @Test func aFailingStatementInATransactionalPipelineLeavesNothing() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8 CHECK (v > 0))")
      let error = try #require(throws: PostgresError.self) {
        try connection.transaction { tx in
          _ = try tx.pipeline([
            "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (-1)", "INSERT INTO t VALUES (2)",
          ])
        }
      }
      #expect(error.sqlState == PostgresError.Code.checkViolation)
      #expect(
        try connection.query("SELECT count(*) AS n FROM t").single().decode("n", as: Int64.self)
          == 0)
      try connection.execute("INSERT INTO t VALUES (5)")
    }
  }
}

@Suite struct PreparedStatementTests {
  @Test func repeatingAStatementReusesItsPreparedStatement() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      for value in 0..<5 {
        _ = try connection.query("SELECT \(Int64(value)) + 1 AS next")
      }
      _ = try connection.query("SELECT \("other") AS text")
      let prepared = try connection.query("SELECT count(*) AS n FROM pg_prepared_statements")
        .single().decode("n", as: Int64.self)
      // Two distinct statements above, plus this count query itself.
      #expect(prepared == 3)
    }
  }

  /// The same text bound with values of other types is another statement: its parameters are
  /// typed when it is prepared, so reusing the first would refuse or convert the second.
  @Test func theSameTextWithOtherParameterTypesIsPreparedApart() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let sql = "SELECT pg_typeof($1)::text AS type"
      var number = PostgresBindings()
      number.append(Int64(7))
      var text = PostgresBindings()
      text.append("seven")
      let types = try [number, text, number].map { bindings in
        try connection.query(PostgresQuery(unsafeSQL: sql, bindings: bindings)).single()
          .decode("type", as: String.self)
      }
      #expect(types == ["bigint", "text", "bigint"])
    }
  }
}

import AccountStore
import Postgres
import Testing

/// `SQL/016`: a head's chunk keeps only its digest, computed from its items' rows, and both
/// tables leave room in their pages, so a patched write updates one item row and one chunk row
/// in place instead of writing a chunk's 256 pairs again.
@Suite struct HeadStorageTests {
  @Test func aChunkKeepsOnlyItsDigest() throws {
    try withStore { store in
      let columns = try store.connection.query(
        """
        SELECT attname::text AS name FROM pg_attribute
        WHERE attrelid = 'feed_head_chunks'::regclass AND attnum > 0 AND NOT attisdropped
        ORDER BY attnum
        """
      ).map { try $0.decode("name", as: String.self) }
      #expect(columns == ["owner_id", "screen", "section_id", "chunk", "digest"])
    }
  }

  @Test func theHeadTablesLeaveRoomForUpdatesInPlace() throws {
    try withStore { store in
      let options = try store.connection.query(
        """
        SELECT relname::text AS name, array_to_string(reloptions, ',') AS options FROM pg_class
        WHERE relname IN ('feed_head_items', 'feed_head_chunks') ORDER BY relname
        """
      ).map {
        "\(try $0.decode("name", as: String.self)) \(try $0.decode("options", as: String.self))"
      }
      #expect(options == ["feed_head_chunks fillfactor=50", "feed_head_items fillfactor=90"])
    }
  }
}

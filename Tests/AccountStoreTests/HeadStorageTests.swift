import AccountStore
import Postgres
import Testing

/// `SQL/010`: a head's chunks are stored out of line and uncompressed, so a patched write
/// rewrites and hashes them without compressing or decompressing anything.
@Suite struct HeadStorageTests {
  @Test func aHeadsChunksAreStoredUncompressed() throws {
    try withStore { store in
      let storage = try store.connection.query(
        """
        SELECT attstorage::text AS storage FROM pg_attribute
        WHERE attrelid = 'feed_head_chunks'::regclass AND attname = 'refs'
        """
      ).single().decode("storage", as: String.self)
      #expect(storage == "e")
    }
  }
}

import Postgres

/// Runs `body`, whose writes keep heads as this program does, on a database whose schema is
/// older than SQL/016, and leaves the heads as that schema keeps them. This program writes a
/// head's items with their place and its chunks with their digest and without their pairs, so
/// while `body` runs, the place stands in as a column, the chunks' pairs may be missing, and
/// their digest is either a column standing in (before SQL/012) or written as given (the
/// trigger that hashes the pairs waits); then every chunk's pairs are written from its rows in
/// order, the trigger hashes them again, and the stand-ins go.
func writingHeadsBefore016(_ connection: PostgresConnection, _ body: () throws -> Void) throws {
  let hashed =
    try connection.query(
      """
      SELECT count(*) AS n FROM pg_trigger
      WHERE tgrelid = 'feed_head_chunks'::regclass AND tgname = 'feed_head_chunk_digest'
      """
    ).single().decode("n", as: Int64.self) == 1
  try connection.executeScript(
    """
    ALTER TABLE feed_head_items ADD COLUMN position integer;
    ALTER TABLE feed_head_chunks ALTER COLUMN refs DROP NOT NULL;
    """)
  try connection.executeScript(
    hashed
      ? "ALTER TABLE feed_head_chunks DISABLE TRIGGER feed_head_chunk_digest"
      : "ALTER TABLE feed_head_chunks ADD COLUMN digest text")
  try body()
  try connection.executeScript(
    hashed
      ? "ALTER TABLE feed_head_chunks ENABLE TRIGGER feed_head_chunk_digest"
      : "ALTER TABLE feed_head_chunks DROP COLUMN digest")
  try connection.executeScript(
    """
    UPDATE feed_head_chunks c SET refs = (
      SELECT string_agg('["' || item_id || '","' || digest || '"]', ',' ORDER BY position)
      FROM feed_head_items i
      WHERE (i.owner_id, i.screen, i.section_id, i.chunk)
        = (c.owner_id, c.screen, c.section_id, c.chunk));
    ALTER TABLE feed_head_chunks ALTER COLUMN refs SET NOT NULL;
    ALTER TABLE feed_head_items DROP COLUMN position;
    """)
}

extension SectionNode {
  /// The canonical JSON a section's digest covers, split around its list of items, for a
  /// section given by its shell (`shellJSON`): the digest is the SHA-256 of `prefix`, each item
  /// as `["id","digest"]` joined by commas, and `suffix`. A store that keeps a long section's
  /// items as rows hashes it from them without anyone rebuilding the section.
  ///
  /// It is written by the same code as the digest itself, with one marker item standing where
  /// the items go, so the two cannot drift apart.
  public static func digestFrame(shell: JSONValue) throws(FeedDocumentError) -> (
    prefix: String, suffix: String
  ) {
    guard var members = shell.objectValue, case .string(let id)? = members.removeValue(forKey: "id")
    else { throw FeedDocumentError.invalidField(path: "section", reason: "the shell has no id") }
    let header = try members.removeValue(forKey: "header").map { value throws(FeedDocumentError) in
      try reference(in: value)
    }
    let footer = try members.removeValue(forKey: "footer").map { value throws(FeedDocumentError) in
      try reference(in: value)
    }
    let marker = "\u{0}items\u{0}"
    var bytes: [UInt8] = []
    write(
      id: id, header: header, footer: footer, items: [reference(id: marker, digest: marker)],
      additionalFields: members, digest: nil, with: CanonicalJSONWriter(), depth: 0, into: &bytes,
      afterEachItem: { _ in })
    let parts = String(decoding: bytes, as: UTF8.self).components(
      separatedBy: "[\"\\u0000items\\u0000\",\"\\u0000items\\u0000\"]")
    guard parts.count == 2 else {
      throw FeedDocumentError.invalidField(
        path: "section \(id)", reason: "the shell cannot be split around its items")
    }
    return (parts[0], parts[1])
  }

  /// A header or footer written whole in a shell, as the digest sees it: its id and digest.
  private static func reference(in item: JSONValue) throws(FeedDocumentError) -> ItemNode {
    guard let members = item.objectValue, case .string(let id)? = members["id"],
      case .string(let digest)? = members["digest"]
    else {
      throw FeedDocumentError.invalidField(
        path: "section", reason: "a header or footer lacks its id or digest")
    }
    return reference(id: id, digest: digest)
  }

  /// An item that is only an id and a digest: all a section digest reads of it.
  private static func reference(id: String, digest: String) -> ItemNode {
    ItemNode(
      id: id, type: "reference", props: [:], actions: [:], size: .automatic,
      additionalFields: [:], storedDigest: digest)
  }
}

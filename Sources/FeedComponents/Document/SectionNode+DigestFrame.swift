extension SectionNode {
  /// The canonical JSON a section's digest covers, split around its list of items, for a
  /// section given by its shell (`shellJSON`): the digest is the SHA-256 of `prefix`, each item
  /// as `["id","digest"]` joined by commas, and `suffix`. A store that keeps a long section's
  /// items as rows hashes it from them without anyone rebuilding the section.
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
    let text = String(
      decoding: CanonicalJSONWriter().bytes(
        digestedContent(
          id: id, header: header, footer: footer, items: .string(marker),
          additionalFields: members)), as: UTF8.self)
    let written = "\"\\u0000items\\u0000\""
    let parts = text.components(separatedBy: written)
    guard parts.count == 2 else {
      throw FeedDocumentError.invalidField(
        path: "section \(id)", reason: "the shell cannot be split around its items")
    }
    return (parts[0] + "[", "]" + parts[1])
  }

  /// `[id, digest]` of an item written whole in a shell.
  private static func reference(in item: JSONValue) throws(FeedDocumentError) -> JSONValue {
    guard let members = item.objectValue, case .string(let id)? = members["id"],
      case .string(let digest)? = members["digest"]
    else {
      throw FeedDocumentError.invalidField(
        path: "section", reason: "a header or footer lacks its id or digest")
    }
    return .array([.string(id), .string(digest)])
  }
}

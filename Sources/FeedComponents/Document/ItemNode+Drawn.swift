extension ItemNode {
  /// The canonical compact JSON of the node without `id` and `digest` — the bytes its digest
  /// is computed over, and so the form a store keeps it in under that digest: the same content
  /// under any id, or in any feed, is one stored node. Written straight from the fields.
  public var drawnJSON: String {
    var drawn: [UInt8] = []
    drawn.reserveCapacity(256)
    Self.write(
      wire: nil, type: type, props: props, actions: actions, size: size,
      additionalFields: additionalFields, with: CanonicalJSONWriter(), depth: 0, into: &drawn)
    return String(decoding: drawn, as: UTF8.self)
  }
}

/// A content view that writes its props' canonical compact JSON itself, straight into the
/// node's text, instead of building the `props` dictionary for the writer to sort and walk.
///
/// Only views drawn by the thousand take it (an account row is most items of most feeds), and
/// each is held to its `props` by a test: what it writes must be byte for byte the canonical
/// writing of `.object(props)`, since the node's digest is defined over that.
protocol PropsWriting: ContentView {
  /// Appends the canonical compact JSON of `props`.
  func writeProps(into output: inout [UInt8])
}

extension ContentView {
  /// Appends the canonical compact JSON of `props`: written by the view itself where it
  /// writes its own (`PropsWriting`), from the dictionary otherwise.
  func writeCanonicalProps(into output: inout [UInt8]) {
    if let direct = self as? any PropsWriting {
      direct.writeProps(into: &output)
    } else {
      CanonicalJSONWriter().write(.object(props), depth: 1, into: &output)
    }
  }
}

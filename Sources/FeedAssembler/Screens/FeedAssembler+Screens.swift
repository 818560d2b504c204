import AccountModel
import FeedComponents

extension FeedAssembler {
  /// The document for `rows` as screen `screen`, as a client with `capabilities` receives it:
  /// types it cannot draw replaced by their fallbacks or left out, and the document saying which
  /// screen and which capability set it was built for. Nil capabilities build for every type.
  public func assemble(
    _ rows: consuming FeedRows, screen: String, for capabilities: ClientCapabilities?
  ) throws(FeedDocumentError) -> FeedDocument {
    var environment = self.environment
    environment.capabilities = capabilities
    let assembler = FeedAssembler(layout: layout, environment: environment, formatter: formatter)
    return try assembler.assemble(rows).showing(screen: screen)
  }
}

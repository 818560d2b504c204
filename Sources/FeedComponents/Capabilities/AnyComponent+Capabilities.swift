extension AnyComponent {
  /// What a client with `capabilities` receives for this component: itself when it draws the
  /// type, else the first fallback in the chain it draws, else nothing. Nil capabilities mean a
  /// client that draws everything.
  public func resolved(for capabilities: ClientCapabilities?) -> AnyComponent? {
    guard let capabilities, !capabilities.supports(nodeType) else { return self }
    return fallback?.resolved(for: capabilities)
  }
}

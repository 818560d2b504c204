extension FieldRules {
  /// A token's label is read in `token list` next to its id: one line of visible text, like a
  /// name, so a label cannot break the listing or pass for another.
  public static func tokenLabel(_ label: String) throws(FieldError) {
    try text(label, field: "token label", maximum: 100)
  }
}

extension StoreChange {
  /// Checks every field the change sets against `FieldRules`, before anything is sent to the
  /// database. The store runs it on every change it applies, so no caller can skip it.
  public func validate() throws(FieldError) {
    switch self {
    case .addOwner(let id, let displayName), .renameOwner(let id, let displayName):
      try FieldRules.ownerID(id)
      try FieldRules.text(displayName, field: "display name", maximum: 100)
    case .removeOwner(let id):
      try FieldRules.ownerID(id)
    case .addAccount(let ownerID, let new):
      try FieldRules.ownerID(ownerID)
      try FieldRules.text(new.name, field: "name", maximum: 100)
      try FieldRules.kind(new.kind)
      if let position = new.position { try FieldRules.position(position) }
    case .updateAccount(let id, let update):
      try FieldRules.id(id, of: "account")
      try update.requireChange()
      if let name = update.name { try FieldRules.text(name, field: "name", maximum: 100) }
      if let kind = update.kind { try FieldRules.kind(kind) }
      if let position = update.position { try FieldRules.position(position) }
    case .addNotice(let ownerID, let new):
      try FieldRules.ownerID(ownerID)
      try FieldRules.text(new.message, field: "message", maximum: 500)
      if let position = new.position { try FieldRules.position(position) }
      try FieldRules.window(from: new.activeFrom, until: new.activeUntil)
    case .updateNotice(let id, let update):
      try FieldRules.id(id, of: "notice")
      try update.requireChange()
      if case .some(.some(let from)) = update.activeFrom,
        case .some(.some(let until)) = update.activeUntil
      {
        try FieldRules.window(from: from, until: until)
      }
      if let message = update.message {
        try FieldRules.text(message, field: "message", maximum: 500)
      }
      if let position = update.position { try FieldRules.position(position) }
    case .adjustBalance(let id, _, _), .removeAccount(let id, _):
      try FieldRules.id(id, of: "account")
    case .dismissNotice(let id), .removeNotice(let id, _):
      try FieldRules.id(id, of: "notice")
    }
  }
}

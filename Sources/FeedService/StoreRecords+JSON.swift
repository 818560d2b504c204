import AccountModel
import AccountStore
import FeedComponents

/// The JSON shapes `--format json` prints for stored records: snake_case keys, money as
/// integer minor units plus the currency code, times in ISO 8601 UTC.
extension Owner {
  public var json: JSONValue {
    [
      "id": .string(id), "display_name": .string(displayName),
      "created_at": .string(ISO8601Time.string(from: createdAt)),
    ]
  }
}

extension Account {
  public var json: JSONValue {
    [
      "id": .integer(Int(id)), "owner": .string(ownerID), "name": .string(name),
      "kind": .string(kind), "balance_minor": .integer(Int(balance.minorUnits)),
      "currency": .string(balance.currency.code), "position": .integer(Int(position)),
      "hidden": .bool(hidden), "version": .integer(Int(version)),
    ]
  }
}

extension Notice {
  public var json: JSONValue {
    [
      "id": .integer(Int(id)), "owner": .string(ownerID), "message": .string(message),
      "severity": .string(severity.rawValue), "dismissible": .bool(dismissible),
      "position": .integer(Int(position)),
      "active_from": activeFrom.map { .string(ISO8601Time.string(from: $0)) } ?? .null,
      "active_until": activeUntil.map { .string(ISO8601Time.string(from: $0)) } ?? .null,
      "dismissed_at": dismissedAt.map { .string(ISO8601Time.string(from: $0)) } ?? .null,
      "version": .integer(Int(version)),
    ]
  }
}

extension SnapshotInfo {
  public var json: JSONValue {
    [
      "owner": .string(ownerID), "sequence": .integer(Int(sequence)),
      "taken_at": .string(ISO8601Time.string(from: takenAt)),
      "label": label.map { .string($0) } ?? .null,
      "reason": .string(reason), "digest": .string(digest),
    ]
  }
}

extension StoreChangeResult {
  /// The record under its kind's key; a change that changed nothing also says
  /// `"unchanged": true`, so a program can tell it from a write without comparing versions.
  public var json: JSONValue {
    switch self {
    case .unchanged(let result):
      .object((result.json.objectValue ?? [:]).merging(["unchanged": .bool(true)]) { $1 })
    case .owner(let owner): ["owner": owner.json]
    case .removedOwner(let owner): ["removed_owner": owner.json]
    case .account(let account): ["account": account.json]
    case .notice(let notice): ["notice": notice.json]
    case .removedAccount(let account): ["removed_account": account.json]
    case .removedNotice(let notice): ["removed_notice": notice.json]
    }
  }

  /// One line for people saying what `change` did, e.g. `updated account 3 "저축 통장"
  /// (version 2)`. The verb comes from the change, not from the record: a dismissed notice that
  /// is then updated was updated, not dismissed. A change that changed nothing says so, with the
  /// version the row still has, rather than claim an update.
  public func summary(of change: StoreChange) -> String {
    switch (change, self) {
    case (.renameOwner, .unchanged(.owner(let owner))):
      "owner \(owner.id) unchanged: already named \"\(owner.displayName)\""
    case (.dismissNotice, .unchanged(.notice(let notice))):
      "notice \(notice.id) unchanged: already dismissed (version \(notice.version))"
    case (_, .unchanged(.account(let account))):
      "account \(account.id) \"\(account.name)\" unchanged (version \(account.version))"
    case (_, .unchanged(.notice(let notice))):
      "notice \(notice.id) unchanged (version \(notice.version))"
    case (_, .unchanged(let result)):
      result.summary(of: change)
    case (.renameOwner, .owner(let owner)):
      "renamed owner \(owner.id) to \"\(owner.displayName)\""
    case (_, .owner(let owner)):
      "added owner \(owner.id) \"\(owner.displayName)\""
    case (_, .removedOwner(let owner)):
      "removed owner \(owner.id) with its accounts, notices and snapshots"
    case (.addAccount, .account(let account)):
      "added account \(account.id) \"\(account.name)\" for \(account.ownerID)"
    case (_, .account(let account)):
      "updated account \(account.id) \"\(account.name)\" (version \(account.version))"
    case (.addNotice, .notice(let notice)):
      "added notice \(notice.id) for \(notice.ownerID)"
    case (.dismissNotice, .notice(let notice)):
      "dismissed notice \(notice.id)"
    case (_, .notice(let notice)):
      "updated notice \(notice.id) (version \(notice.version))"
    case (_, .removedAccount(let account)):
      "removed account \(account.id) \"\(account.name)\""
    case (_, .removedNotice(let notice)):
      "removed notice \(notice.id)"
    }
  }
}

import AccountStore
import FeedComponents
import Foundation

/// Turns an owner's rows into the feed document that is shown, stored and diffed.
struct FeedProducer {
  init(configPath: String?) throws {
    if let configPath, !FileManager.default.fileExists(atPath: configPath) {
      throw FeedctlError.input("cannot read layout file '\(configPath)': no such file")
    }
  }

  func document(for rows: FeedRows) throws -> FeedDocument {
    let notices = rows.notices.filter { $0.isShown(at: rows.readAt) }.map { notice in
      ItemNode(
        id: "notice/\(notice.id)", type: "notice",
        props: ["message": .string(notice.message), "severity": .string(notice.severity.rawValue)])
    }
    let accounts = rows.accounts.filter { !$0.hidden }.map { account in
      ItemNode(
        id: "account/\(account.id)", type: "account_row",
        props: [
          "title": .string(account.name),
          "value": .string("\(account.balance.minorUnits) \(account.balance.currency.code)"),
        ])
    }
    return try FeedDocument(
      owner: rows.owner.id, revision: 0,
      sections: [
        SectionNode(id: "notices", items: notices),
        SectionNode(id: "accounts", items: accounts),
      ])
  }
}

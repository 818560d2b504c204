import Foundation
import Testing

@testable import FeedComponents

@Suite struct ModifierTests {
  private let context = RenderContext(
    sectionID: "s", indexPath: IndexPath(section: 0, item: 0), environment: RenderEnvironment())

  @Test func onTouchIsRecordedInTheNode() {
    let node = AnyComponent(
      AccountRowComponent(item: seedAccounts[0]).onTouch(.openURL("accountfeed://accounts/1"))
    ).render(context: context)
    #expect(node.action(for: .touch) == .openURL("accountfeed://accounts/1"))
    #expect(
      node.json["actions"] == ["touch": ["kind": "open_url", "url": "accountfeed://accounts/1"]])
  }

  @Test func noticeTakesDismissAndButtonActionsTogether() {
    let node = AnyComponent(
      NoticeComponent(id: "notice/7", message: "점검 안내", buttonTitle: "자세히")
        .onDismiss(.dismissNotice(id: "notice/7"))
        .onButton(.custom(name: "show_maintenance", payload: ["notice": 7]))
    ).render(context: context)
    #expect(node.action(for: .dismiss) == .dismissNotice(id: "notice/7"))
    #expect(node.action(for: .button) == .custom(name: "show_maintenance", payload: ["notice": 7]))
    #expect(node.action(for: .touch) == nil)
  }

  @Test func onToggleIsRecordedInTheNode() {
    let node = AnyComponent(
      ToggleComponent(id: "setting/hide-balance", title: "잔액 숨기기", isOn: true)
        .onToggle(.custom(name: "set_hide_balance", payload: nil))
    ).render(context: context)
    #expect(node.action(for: .toggle) == .custom(name: "set_hide_balance", payload: nil))
  }

  @Test func modifierKeepsTheWrappedIdAndSize() {
    let modified = AccountRowComponent(item: seedAccounts[1]).onTouch(.openURL("x"))
    #expect(modified.id == "account/2")
    #expect(modified.size(in: SizeProposal(width: 320)) == .fixed(height: 64))
  }

  @Test func onTouchOnContentThatIsNotTouchableDoesNotCompile() throws {
    let swiftc = try #require(Toolchain.swiftc(), "swiftc must be found to check the modifier")
    let build = try #require(
      Toolchain.buildDirectory(), "the built FeedComponents module must be found")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("modifier-check-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    func typecheck(_ call: String) throws -> ChildProcess.Result {
      let source = """
        import FeedComponents

        struct Notice: Component {
          typealias Content = NoticeView
          var id: String { "notice/1" }
          func render(context: RenderContext, content: NoticeView) {}
        }

        let modified = Notice()\(call)
        print(modified.id)
        """
      let file = directory.appendingPathComponent("snippet.swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
      return try ChildProcess.run(
        swiftc,
        ["-typecheck", "-swift-version", "6"] + Toolchain.importArguments(for: build) + [file.path])
    }

    let allowed = try typecheck(#".onDismiss(.dismissNotice(id: "notice/1"))"#)
    #expect(allowed.status == 0, "the control snippet must compile: \(allowed.output)")
    let refused = try typecheck(#".onTouch(.openURL("x"))"#)
    #expect(refused.status != 0)
    #expect(refused.output.contains("onTouch"), "\(refused.output)")
    let refusedToggle = try typecheck(#".onToggle(.openURL("x"))"#)
    #expect(refusedToggle.status != 0)
  }
}

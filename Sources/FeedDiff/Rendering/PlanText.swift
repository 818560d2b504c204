extension StagedChangeset
where
  Section: DiffDescribable, Section.Element: DiffDescribable,
  Section.DifferenceIdentifier: CustomStringConvertible,
  Section.Element.DifferenceIdentifier: CustomStringConvertible
{
  /// The changeset for people, in the style of `terraform plan`.
  ///
  /// Grouped by section in new-feed order (deleted sections last): `+` added, `-` removed,
  /// `~` changed with one `name: before → after` line per changed property, `↷` moved. Ends with
  /// the line `N to add, N to change, N to remove, N to move.` ANSI colour only when `colored`.
  public func planText(colored: Bool = false) -> String {
    PlanText(changeset: self, colored: colored).render()
  }
}

/// Builds the text plan from a changeset's change lists and its two feeds.
private struct PlanText<Section: DifferentiableSection>
where
  Section: DiffDescribable, Section.Element: DiffDescribable,
  Section.DifferenceIdentifier: CustomStringConvertible,
  Section.Element.DifferenceIdentifier: CustomStringConvertible
{
  typealias SectionID = Section.DifferenceIdentifier
  typealias ElementID = Section.Element.DifferenceIdentifier

  let changeset: StagedChangeset<Section>
  let colored: Bool

  /// Identifiers as collection keys, so that the plan, like the diff, compares them byte for byte.
  typealias SectionKey = IdentifierKey<SectionID>
  typealias ElementKey = IdentifierKey<ElementID>

  func render() -> String {
    var sectionsInserted = Set<SectionKey>()
    var sectionsUpdated = Set<SectionKey>()
    var sectionsMoved = Set<SectionKey>()
    var sectionsDeleted = Set<SectionKey>()
    var inserted = Set<ElementKey>()
    var updated = Set<ElementKey>()
    var deleted = Set<ElementKey>()
    var movedFrom: [ElementKey: SectionID] = [:]
    for stage in changeset.stages {
      sectionsInserted.formUnion(stage.sectionInserted.map { SectionKey($0.id) })
      sectionsUpdated.formUnion(stage.sectionUpdated.map { SectionKey($0.id) })
      sectionsMoved.formUnion(stage.sectionMoved.map { SectionKey($0.id) })
      sectionsDeleted.formUnion(stage.sectionDeleted.map { SectionKey($0.id) })
      inserted.formUnion(stage.elementInserted.map { ElementKey($0.id) })
      updated.formUnion(stage.elementUpdated.map { ElementKey($0.id) })
      deleted.formUnion(stage.elementDeleted.map { ElementKey($0.id) })
      for move in stage.elementMoved { movedFrom[ElementKey(move.id)] = move.sourceSectionID }
    }
    var oldSections: [SectionKey: Section] = [:]
    var oldElements: [ElementKey: Section.Element] = [:]
    for section in changeset.source {
      oldSections[SectionKey(section.differenceIdentifier)] = section
      for element in section.elements {
        let key = ElementKey(element.differenceIdentifier)
        if updated.contains(key) { oldElements[key] = element }
      }
    }

    var blocks: [[String]] = []
    for section in changeset.target {
      let id = section.differenceIdentifier
      let key = SectionKey(id)
      let sectionInserted = sectionsInserted.contains(key)
      var body: [String] = []
      for element in section.elements {
        let elementKey = ElementKey(element.differenceIdentifier)
        let from = movedFrom[elementKey]
        let note =
          from.map { identifiersEqual($0, id) ? "  (moved)" : "  (moved from \($0))" } ?? ""
        if inserted.contains(elementKey) || (sectionInserted && from == nil) {
          body.append(line("+", "", element, indent: 2))
        } else if updated.contains(elementKey), let before = oldElements[elementKey] {
          body.append(line("~", "", element, indent: 2) + note)
          body += changes(from: before.diffProperties, to: element.diffProperties, indent: 6)
        } else if from != nil {
          body.append(line("↷", "", element, indent: 2) + note)
        }
      }
      if let old = oldSections[key] {
        for element in old.elements where deleted.contains(ElementKey(element.differenceIdentifier))
        {
          body.append(line("-", "", element, indent: 2))
        }
      }
      let moved = sectionsMoved.contains(key) ? "  (moved)" : ""
      if sectionInserted {
        blocks.append([line("+", "section", section)] + body)
      } else if sectionsUpdated.contains(key), let old = oldSections[key] {
        blocks.append(
          [line("~", "section", section) + moved]
            + changes(from: old.diffProperties, to: section.diffProperties, indent: 4) + body)
      } else if !moved.isEmpty {
        blocks.append([line("↷", "section", section) + moved] + body)
      } else if !body.isEmpty {
        blocks.append([line(" ", "section", section)] + body)
      }
    }
    // A deleted section lists the elements that go with it; those that moved out are listed
    // where they arrive.
    for section in changeset.source
    where sectionsDeleted.contains(SectionKey(section.differenceIdentifier)) {
      let staying = section.elements.filter {
        movedFrom[ElementKey($0.differenceIdentifier)] == nil
      }
      blocks.append(
        [line("-", "section", section)] + staying.map { line("-", "", $0, indent: 2) })
    }

    var lines = blocks.flatMap { $0 + [""] }
    lines.append(changeset.summary.description)
    return lines.joined(separator: "\n") + "\n"
  }

  private func line<Value: Differentiable & DiffDescribable>(
    _ mark: String, _ kind: String, _ value: Value, indent: Int = 0
  ) -> String
  where Value.DifferenceIdentifier: CustomStringConvertible {
    let title = value.diffTitle.isEmpty ? "" : "  \(value.diffTitle)"
    let label = kind.isEmpty ? "" : kind + " "
    return String(repeating: " ", count: indent) + paint(mark) + " " + label
      + value.differenceIdentifier.description + title
  }

  /// One `name: before → after` line per property whose value differs, new order first.
  private func changes(from before: [DiffProperty], to after: [DiffProperty], indent: Int)
    -> [String]
  {
    var old: [String: String] = [:]
    for property in before { old[property.name] = property.value }
    var names = after.map(\.name)
    let newNames = Set(names)
    names += before.map(\.name).filter { !newNames.contains($0) }
    var new: [String: String] = [:]
    for property in after { new[property.name] = property.value }
    let pad = String(repeating: " ", count: indent)
    return names.compactMap { name in
      let was = old[name]
      let now = new[name]
      guard was != now else { return nil }
      return "\(pad)\(name): \(was ?? "(none)") → \(now ?? "(none)")"
    }
  }

  private func paint(_ mark: String) -> String {
    guard colored else { return mark }
    let code: String
    switch mark {
    case "+": code = "32"
    case "-": code = "31"
    case "~": code = "33"
    case "↷": code = "36"
    default: return mark
    }
    return "\u{1B}[\(code)m\(mark)\u{1B}[0m"
  }
}

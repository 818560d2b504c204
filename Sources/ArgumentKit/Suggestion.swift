/// Finds the intended word for a misspelt one, for "did you mean …?".
enum Suggestion {
  /// The closest candidate by edit distance, if it is close enough to be a plausible typo, or
  /// the only candidate that starts with what was typed (an abbreviation).
  static func closest(to typed: String, among candidates: [String]) -> String? {
    let typedCore = typed.drop { $0 == "-" }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(Array(typed), Array(candidate))
      if distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    if let best, best.distance <= 2, best.distance * 2 <= typedCore.count {
      return best.candidate
    }
    let extensions = candidates.filter { $0.hasPrefix(typed) }
    return typedCore.count >= 2 && extensions.count == 1 ? extensions[0] : nil
  }

  /// Levenshtein distance: insertions, deletions and substitutions each cost one.
  static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
    var previous = Array(0...target.count)
    for (i, sourceCharacter) in source.enumerated() {
      var current = [i + 1]
      for (j, targetCharacter) in target.enumerated() {
        let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
        current.append(min(substitution, previous[j + 1] + 1, current[j] + 1))
      }
      previous = current
    }
    return previous[target.count]
  }
}

/// The shared values (`NoticeSeverity`, `ChangeSummary`) come with this module, so its users
/// name them as their own and every module sees one type.
@_exported import FeedVocabulary

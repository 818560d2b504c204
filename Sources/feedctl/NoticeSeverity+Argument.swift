import AccountModel
import ArgumentKit
import FeedVocabulary

/// `--severity info|warning|critical`: the model's own cases, so the command line can never offer
/// a severity the store does not know.
extension NoticeSeverity: ExpressibleByArgument {}

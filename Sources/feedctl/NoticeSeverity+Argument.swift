import AccountModel
import ArgumentKit

/// `--severity info|warning|critical`: the model's own cases, so the command line can never offer
/// a severity the store does not know.
extension AccountModel.NoticeSeverity: ExpressibleByArgument {}

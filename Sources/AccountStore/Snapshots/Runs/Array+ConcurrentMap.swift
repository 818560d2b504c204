import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
  /// `transform` of every element, run on as many threads as the machine has cores, with each
  /// element's outcome in order. For pure work on values — rendering a batch's feeds, encoding
  /// their nodes — that would otherwise leave all cores but one idle.
  func concurrentMap<Transformed: Sendable>(
    _ transform: @Sendable (Element) throws -> Transformed
  ) -> [Result<Transformed, any Error>] {
    let workers = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, count))
    let outcomes = Mutex([Result<Transformed, any Error>?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        let outcome = Result { try transform(self[index]) }
        outcomes.withLock { $0[index] = outcome }
      }
    }
    return outcomes.withLock { $0.compactMap { $0 } }
  }
}

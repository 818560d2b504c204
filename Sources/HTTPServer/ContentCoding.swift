import Foundation

/// The content codings the server can send, and the choice among them from a request's
/// `Accept-Encoding` (RFC 9110 §12.5.3): the q-values decide, `q=0` means "not this one", and
/// `*` stands for every coding not named. Without the field, or when gzip is not acceptable,
/// the body is sent as it is (identity).
public enum ContentCoding: String, Sendable {
  case identity
  case gzip

  /// The coding to send for `acceptEncoding`: gzip when the client accepts it with a q-value
  /// above zero (and at least identity's, when identity is named too), else identity.
  public static func preferred(acceptEncoding: String?) -> ContentCoding {
    guard let acceptEncoding else { return .identity }
    var weights: [String: Double] = [:]
    for member in acceptEncoding.split(separator: ",") {
      let parts = member.split(separator: ";").map {
        $0.trimmingOptionalWhitespace().lowercased()
      }
      guard let name = parts.first, !name.isEmpty else { continue }
      var weight = 1.0
      for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
        weight = Double(parameter.dropFirst(2)) ?? 0
      }
      weights[name] = weight
    }
    let gzip = weights["gzip"] ?? weights["x-gzip"] ?? weights["*"] ?? 0
    // Identity is always acceptable unless refused; it is preferred only when named above gzip.
    return gzip > 0 && gzip >= (weights["identity"] ?? 0) ? .gzip : .identity
  }
}

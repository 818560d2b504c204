/// Something that stands for several components inside a builder block, such as `For`.
public protocol ComponentListConvertible {
  var components: [AnyComponent] { get }
}

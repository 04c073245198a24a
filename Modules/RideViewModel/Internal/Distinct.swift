/// The last value a view was told about, so an output closure fires only when it changes.
///
/// `set(_:)` returns whether the value changed instead of calling the closure itself: the
/// caller calls the closure after the mutation has ended, so a closure that reads the view
/// model back (as views do) never overlaps the write.
struct Distinct<Value: Equatable> {
  private(set) var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Stores `newValue` and returns `true` when it differs from the stored one.
  mutating func set(_ newValue: Value) -> Bool {
    guard newValue != value else { return false }
    value = newValue
    return true
  }
}

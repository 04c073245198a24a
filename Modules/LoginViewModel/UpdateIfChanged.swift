/// Stores a new output value and reports it, only when it differs from the stored one.
///
/// Every view-model output goes through here, so "a closure fires only when its value
/// changes" holds for all of them by construction rather than by care at each call site.
/// - Parameters:
///   - current: The stored value the view can read.
///   - newValue: The value the inputs now imply.
///   - notify: The view's closure for this output, if it set one.
func updateIfChanged<Value: Equatable>(
  _ current: inout Value, to newValue: Value, notify: ((Value) -> Void)?
) {
  guard current != newValue else { return }
  current = newValue
  notify?(newValue)
}

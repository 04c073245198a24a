/// A view model's output changes, stored at once and told to the view afterwards: the one rule
/// by which every view model in the package updates an output and calls the view's closure.
///
/// `set(_:to:tell:)` stores a value and, only when it differs from the stored one, queues a
/// call of the view's closure; `tell()` makes the queued calls, in the order of the `set`s,
/// once the input event has stored every output. So no closure runs while a property of the
/// model is being written: a closure that reads the model back, as UIKit and SwiftUI views do,
/// sees the whole event's outputs and cannot trip Swift's exclusivity checks ("Simultaneous
/// accesses … Fatal access conflict"), in debug or release.
///
/// An input sent from inside a closure stores its outputs at once; its calls are made after
/// the ones already queued, so a view hears every change in the order it happened.
///
/// One queue belongs to one model and is used on the model's actor only.
///
/// ```swift
/// public private(set) var isLoading = false
/// private let changes = ChangeQueue()
///
/// public func setLoading(_ isLoading: Bool) {
///   changes.set(&self.isLoading, to: isLoading, tell: onLoadingChange)
///   changes.tell()
/// }
/// ```
package final class ChangeQueue {
  private var pending: [() -> Void] = []
  private var isTelling = false

  /// Makes an empty queue.
  package init() {}

  /// Stores `newValue` in `output` and, when it differs from the stored value, queues a call
  /// of `closure` with it. Nothing is called here.
  /// - Parameters:
  ///   - output: The model's stored output, which the view can read.
  ///   - newValue: The value the inputs now imply.
  ///   - closure: The view's closure for this output, if it set one.
  package func set<Value: Equatable>(
    _ output: inout Value, to newValue: Value, tell closure: ((Value) -> Void)?
  ) {
    guard output != newValue else { return }
    output = newValue
    guard let closure else { return }
    pending.append { closure(newValue) }
  }

  /// Makes the queued calls in order, including any queued meanwhile by the closures; when
  /// called from inside one of them, leaves the calls to the loop already running.
  package func tell() {
    guard !isTelling else { return }
    isTelling = true
    defer { isTelling = false }
    // Each call is taken off the queue before it runs: no access to the queue stays open
    // while a view's closure (which may send an input, and so `set`) runs.
    while !pending.isEmpty {
      let call = pending.removeFirst()
      call()
    }
  }
}

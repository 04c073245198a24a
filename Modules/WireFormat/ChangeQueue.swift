/// A view model's output changes, stored at once and told to the view afterwards: the one rule
/// by which every view model in the package updates an output and calls the view's closure.
///
/// `set(_:of:to:tell:)` stores a value and, only when it differs from the stored one, queues
/// a call for that output; `tell()` makes the queued calls once the input event has stored
/// every output. So no closure runs while a property of the model is being written: a closure
/// that reads the model back, as UIKit and SwiftUI views do, sees the whole event's outputs
/// and cannot trip Swift's exclusivity checks ("Simultaneous accesses … Fatal access
/// conflict"), in debug or release.
///
/// A call reads the output and its closure from the model when it is made, not when it was
/// queued, so the value a closure is given is always the one the model holds, and a view that
/// replaced its closure meanwhile is told through the new one.
///
/// An input sent from inside a closure stores its outputs at once and its calls join the
/// queue. Calls are made in the order of each output's latest change: changing an output
/// whose call is still waiting moves that call to the end, so the view hears each output
/// once, with its latest value; an output changed back to the value the view last heard
/// before its call is made is not told at all.
///
/// One queue belongs to one model and is used on the model's actor only. Name an output by
/// one key path (the same root type) everywhere: the key path is how a later change finds the
/// waiting call.
///
/// ```swift
/// public private(set) var isLoading = false
/// public var onLoadingChange: ((Bool) -> Void)?
/// private let changes = ChangeQueue()
///
/// public func setLoading(_ isLoading: Bool) {
///   changes.set(\.isLoading, of: self, to: isLoading, tell: \.onLoadingChange)
///   changes.tell()
/// }
/// ```
package final class ChangeQueue {
  private struct Call {
    let output: AnyKeyPath
    let make: () -> Void
  }

  /// The calls in order; a moved or made call leaves `nil`, so no removal shifts the array.
  private var calls: [Call?] = []
  /// The index of the next call to make.
  private var next = 0
  /// Where each output's waiting call is in `calls`.
  private var waiting: [AnyKeyPath: Int] = [:]
  private var isTelling = false

  /// Makes an empty queue.
  package init() {}

  /// Stores `newValue` in `model`'s `output` and, when it differs from the stored value,
  /// queues a call of the closure at `closure` (or moves this output's waiting call to the
  /// end). Nothing is called here.
  /// - Parameters:
  ///   - output: The model's stored output, which the view can read.
  ///   - model: The view model that holds `output` and `closure`.
  ///   - newValue: The value the inputs now imply.
  ///   - closure: The model's property holding the view's closure for this output.
  package func set<Model: AnyObject, Value: Equatable>(
    _ output: ReferenceWritableKeyPath<Model, Value>, of model: Model, to newValue: Value,
    tell closure: KeyPath<Model, ((Value) -> Void)?>
  ) {
    let heard = model[keyPath: output]
    guard heard != newValue else { return }
    model[keyPath: output] = newValue
    if let index = waiting[output], let call = calls[index] {
      // The call keeps the value the view heard last, so a change back to it is not told.
      calls[index] = nil
      waiting[output] = calls.count
      calls.append(call)
      return
    }
    waiting[output] = calls.count
    calls.append(
      Call(output: output) { [weak model] in
        guard let model else { return }
        let value = model[keyPath: output]
        guard value != heard, let tell = model[keyPath: closure] else { return }
        tell(value)
      })
  }

  /// Makes the queued calls in order, including any queued meanwhile by the closures; when
  /// called from inside one of them, leaves the calls to the loop already running.
  package func tell() {
    guard !isTelling else { return }
    isTelling = true
    defer { isTelling = false }
    // Each call is taken off the queue before it is made: no access to the queue stays open
    // while a view's closure (which may send an input, and so `set`) runs.
    while next < calls.count {
      let call = calls[next]
      calls[next] = nil
      next += 1
      guard let call else { continue }
      waiting[call.output] = nil
      call.make()
    }
    calls.removeAll(keepingCapacity: true)
    next = 0
  }
}

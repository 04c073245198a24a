import LoginCore
/// A control that ends in a signed-in user: sign-in, one-time code, sign-up.
@MainActor
public protocol LoginFlowControl: AnyObject {
  /// Where the flow began; it decides where success goes.
  var entryPoint: LoginEntryPoint { get }
}

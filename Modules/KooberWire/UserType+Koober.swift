import Foundation
import UserModel

extension UserType {
  /// Koober's rider: someone who requests rides (the contract's `"passenger"`).
  public static let passenger = UserType("passenger")
  /// Koober's driver: accepts and drives rides, and signs in with a second step (a one-time
  /// code; the contract's `"driver"`).
  public static let driver = UserType("driver")
}

extension KooberWire {
  /// The bundle holding the names of Koober's user types (`UserModel.strings`, English and
  /// 简体中文: "passenger", 乘客, …). The package names no user type itself; an app that uses
  /// Koober's types adds this bundle to `Texts.appBundles`, after its own:
  ///
  /// ```swift
  /// Texts.appBundles = [.main, KooberWire.textBundle]
  /// ```
  public static let textBundle = Bundle.module
}

import Foundation

/// UserModel's resource bundle, for tests and for apps that read its tables.
public enum UserModelResources {
  /// The bundle holding `en.lproj/UserModel.strings` and `zh-Hans.lproj/UserModel.strings`.
  public static var bundle: Bundle { .module }
}

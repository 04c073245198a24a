import Foundation

/// RideViewModel's resource bundle, for tests and for apps that read its tables.
public enum RideViewModelResources {
  /// The bundle holding `RideViewModel.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

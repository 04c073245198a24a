import Foundation
import Localization

extension TextTable {
  /// LoginLogicControl's sentences (the launch and session sentences and the guest gate's
  /// refusals), from its `LoginLogicControl.strings` tables in English and Simplified Chinese; an
  /// app's own `LoginLogicControl.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.loginLogicControl.bundle`.
  public static let loginLogicControl = TextTable("LoginLogicControl", bundle: .module)
}

extension String {
  /// The text with its first letter upper-cased, for a sentence that may start with a
  /// placeholder: "{feature} is not …" with "the dispatch board" starts "The". A
  /// language without capitals (Chinese) is left as it is.
  var sentenceCased: String {
    prefix(1).uppercased() + dropFirst()
  }
}

import Foundation
import Localization

extension TextTable {
  /// NetworkClient's sentences (`NetworkError`'s messages), from its `NetworkClient.strings` tables
  /// in English and Simplified Chinese; an app's own `NetworkClient.strings` wins. Apps and tests
  /// read the tables through it, e.g. `TextTable.networkClient.bundle`.
  public static let networkClient = TextTable("NetworkClient", bundle: .module)
}

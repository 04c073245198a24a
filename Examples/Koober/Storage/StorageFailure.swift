import Foundation

/// A file or folder of the data folder could not be read or written.
struct StorageFailure: Error, Sendable, Equatable {
  /// A stable identifier, e.g. `data_folder_unavailable`.
  let code: String
  /// One sentence saying what could not be done, where, and why.
  let message: String

  /// The data folder (or a folder in it) cannot be created or used.
  static func folder(_ path: String, _ reason: String) -> StorageFailure {
    StorageFailure(
      code: "data_folder_unavailable",
      message: KooberText.text("storage.folder", ["path": path, "reason": reason]))
  }

  /// A file of the data folder cannot be read or written.
  static func file(_ path: String, _ reason: String) -> StorageFailure {
    StorageFailure(
      code: "data_file_unavailable",
      message: KooberText.text("storage.file", ["path": path, "reason": reason]))
  }
}

extension StorageFailure: LocalizedError {
  /// The message, in the language shown.
  var errorDescription: String? { message }
}

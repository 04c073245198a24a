import DatabaseClient
import Foundation
import Localization
import WireFormat

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
      message: TextTable.koober.text("storage.folder", ["path": path, "reason": reason]))
  }

  /// A folder someone else owns or can write (the data folder, one in it, or one holding
  /// it), or a link of another user on its path, is refused: the sentence names it and what
  /// to do.
  /// - Parameter error: What `PrivateFiles` threw, naming the folder.
  /// - Returns: The failure, or `nil` when `error` is about something else.
  static func unsafeFolder(_ error: PrivateFileError) -> StorageFailure? {
    let reason: String
    switch error.cause {
    case .ownedByAnotherUser: reason = TextTable.koober.text("storage.reason.folderOfAnotherUser")
    case .writableByOthers:
      reason = TextTable.koober.text("storage.reason.folderWritableByOthers", ["path": error.path])
    case .linkOfAnotherUser: reason = TextTable.koober.text("storage.reason.linkOfAnotherUser")
    default: return nil
    }
    return StorageFailure(
      code: "data_folder_unsafe",
      message: TextTable.koober.text(
        "storage.unsafeFolder", ["path": error.path, "reason": reason]))
  }

  /// A file of the data folder cannot be read or written.
  static func file(_ path: String, _ reason: String) -> StorageFailure {
    StorageFailure(
      code: "data_file_unavailable",
      message: TextTable.koober.text("storage.file", ["path": path, "reason": reason]))
  }
}

extension StorageFailure: LocalizedError {
  /// The message, in the language shown.
  var errorDescription: String? { message }
}

/// Why a file step failed, in the language shown: the usual causes from koober's table (in
/// English, the system's own wording), any other system error in the system's words.
enum StorageReason {
  /// The reason of a failed private-file step.
  /// - Parameter error: What `PrivateFiles` threw.
  /// - Returns: The reason, in lower case and without a final period.
  static func of(_ error: PrivateFileError) -> String {
    switch error.cause {
    case .fileHasFolderName: TextTable.koober.text("storage.reason.fileHasFolderName")
    case .placeKeepsBeingTaken: TextTable.koober.text("storage.reason.placeKeepsBeingTaken")
    case .notRegularFile: TextTable.koober.text("storage.reason.notRegularFile")
    case .ownedByAnotherUser: TextTable.koober.text("storage.reason.fileOfAnotherUser")
    case .writableByOthers:
      TextTable.koober.text("storage.reason.folderWritableByOthers", ["path": error.path])
    case .fileWritableByOthers: TextTable.koober.text("storage.reason.fileWritableByOthers")
    case .hardLinked: TextTable.koober.text("storage.reason.hardLinked")
    case .linkOfAnotherUser: TextTable.koober.text("storage.reason.linkOfAnotherUser")
    case .system(let code): of(code: code)
    }
  }

  /// The reason of a failed system call.
  /// - Parameter code: Its `errno`.
  /// - Returns: The reason, in lower case and without a final period.
  static func of(code: Int32) -> String {
    switch code {
    case EACCES: TextTable.koober.text("storage.reason.permissionDenied")
    case EPERM: TextTable.koober.text("storage.reason.notPermitted")
    case ENOSPC: TextTable.koober.text("storage.reason.noSpace")
    case EDQUOT: TextTable.koober.text("storage.reason.quotaExceeded")
    case EROFS: TextTable.koober.text("storage.reason.readOnly")
    case ENOTDIR: TextTable.koober.text("storage.reason.notFolder")
    case ENAMETOOLONG: TextTable.koober.text("storage.reason.nameTooLong")
    default: String(cString: strerror(code)).lowercased()
    }
  }
}

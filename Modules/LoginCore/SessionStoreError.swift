import Foundation
import Localization

/// Why a session store could not read, write or remove the stored session.
public enum SessionStoreError: Error, Sendable, Equatable {
  /// A stored session exists but could not be read (permissions, I/O, Keychain locked).
  case unreadable(String)
  /// A stored session was read but is not a session this release understands (corrupt).
  case corrupt(String)
  /// A stored session was written by a newer release, in a format this one cannot read.
  case unsupportedVersion(Int)
  /// The session could not be written; the one stored before is still in place.
  case writeFailed(String)
  /// The stored session could not be removed.
  case removeFailed(String)

  /// A stable snake_case code a program can switch on.
  public var code: String {
    switch self {
    case .unreadable: "session_unreadable"
    case .corrupt: "session_corrupt"
    case .unsupportedVersion: "session_unsupported_version"
    case .writeFailed: "session_write_failed"
    case .removeFailed: "session_remove_failed"
    }
  }

  /// One sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .unreadable(let detail): TextTable.loginCore.text("store.unreadable", ["detail": detail])
    case .corrupt(let detail): TextTable.loginCore.text("store.corrupt", ["detail": detail])
    case .unsupportedVersion(let version):
      TextTable.loginCore.text("store.unsupportedVersion", ["version": "\(version)"])
    case .writeFailed(let detail): TextTable.loginCore.text("store.writeFailed", ["detail": detail])
    case .removeFailed(let detail):
      TextTable.loginCore.text("store.removeFailed", ["detail": detail])
    }
  }
}

extension SessionStoreError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

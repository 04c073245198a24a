import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A step of ``PrivateFiles`` failed: which path, and the system's short reason.
package struct PrivateFileError: Error, Sendable, Equatable {
  /// Why, as a value an app can put in its own words.
  package enum Cause: Sendable, Equatable {
    /// A file (not a folder) has the name a folder needs.
    case fileHasFolderName
    /// Whatever is moved aside from the file's place keeps coming back.
    case placeKeepsBeingTaken
    /// A link, a folder or a FIFO is where a regular file must be.
    case notRegularFile
    /// The file or folder belongs to another user, who could read or change what is kept
    /// there; it is refused rather than used or narrowed.
    case ownedByAnotherUser
    /// Other users can create, rename or remove entries in the folder (it is writable by
    /// group or others without the sticky bit), and it is not the private folder itself,
    /// whose mode would be narrowed instead.
    case writableByOthers
    /// Group or others can write the file: another user may hold it open for writing (a
    /// narrowed mode does not close what they opened) or have written into it already (a
    /// SQLite `-wal` replays what is in it). It is refused rather than narrowed or read.
    case fileWritableByOthers
    /// The file has more than one name (a hard link): whoever made the other name may
    /// reach it through that name.
    case hardLinked
    /// A symbolic link on the path belongs to another user, who could point it elsewhere.
    case linkOfAnotherUser
    /// A system call failed with this `errno`.
    case system(Int32)
  }

  /// The file or folder the step was about.
  package let path: String
  /// Why.
  package let cause: Cause

  /// Makes an error.
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - cause: Why the step failed.
  package init(path: String, cause: Cause) {
    self.path = path
    self.cause = cause
  }

  /// Makes an error from a system error number.
  /// - Parameters:
  ///   - path: The file or folder.
  ///   - code: The `errno` of the failed call.
  package init(path: String, code: Int32) {
    self.init(path: path, cause: .system(code))
  }

  /// Why, in English, in lower case and without a final period, e.g. `permission denied`
  /// (the system's wording for a failed call).
  package var reason: String {
    switch cause {
    case .fileHasFolderName: "a file has that name"
    case .placeKeepsBeingTaken: "something else keeps taking its place"
    case .notRegularFile: "it is not a regular file (a link, a folder or a FIFO)"
    case .ownedByAnotherUser: "it belongs to another user"
    case .writableByOthers: "other users can write in it"
    case .fileWritableByOthers: "other users could write it"
    case .hardLinked: "it has more than one name (a hard link)"
    case .linkOfAnotherUser: "it is a symbolic link that belongs to another user"
    case .system(let code): String(cString: strerror(code)).lowercased()
    }
  }
}

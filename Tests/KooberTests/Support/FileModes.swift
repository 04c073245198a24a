import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What the privacy tests read about the files in a data folder, without following links.
enum FileModes {
  /// Sets this process's umask, which each `koober` it starts inherits, to 022: the usual
  /// default, under which a file or folder made without care is readable by everyone. Tests
  /// running meanwhile are not disturbed: 022 is what they run under anyway.
  static func usePermissiveUmask() {
    umask(0o022)
  }

  /// Every file and folder under `folder` whose mode is not private, as `path: mode` lines:
  /// a folder that is not 0700, a file that is not 0600, or anything else (a link, a FIFO).
  /// - Returns: The exceptions, and the relative paths that were examined.
  static func exceptions(under folder: URL) throws -> (exceptions: [String], paths: Set<String>) {
    var exceptions: [String] = []
    var paths: Set<String> = []
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    for name in names {
      var status = stat()
      guard lstat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
      paths.insert(name)
      let mode = status.st_mode & 0o7777
      switch status.st_mode & S_IFMT {
      case S_IFDIR where mode == 0o700, S_IFREG where mode == 0o600: continue
      default: exceptions.append("\(name): " + String(status.st_mode, radix: 8))
      }
    }
    return (exceptions.sorted(), paths)
  }
}

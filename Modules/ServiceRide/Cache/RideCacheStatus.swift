/// How the ride cache is doing, for a status line or a bug report. The cache never fails an
/// operation: whatever happens to it, rides still come from the server.
public enum RideCacheStatus: Sendable, Equatable {
  /// Not opened yet: nothing has been read or written.
  case unopened
  /// In the user's database and working.
  case ready
  /// The cache in the user's database could not be read, so it was emptied and made anew;
  /// it fills again from the server. The message says what was wrong.
  case rebuilt(String)
  /// The user's database cannot be used for the cache (the file could not be opened, or the
  /// table could not be made anew), so rides are cached in memory until the app quits. The
  /// message says why.
  case memoryOnly(String)

  /// A stable snake_case code a program can switch on.
  public var code: String {
    switch self {
    case .unopened: "unopened"
    case .ready: "ready"
    case .rebuilt: "rebuilt"
    case .memoryOnly: "memory_only"
    }
  }
}

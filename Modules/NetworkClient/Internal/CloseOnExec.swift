#if canImport(CCurl)
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Marks close-on-exec the sockets a library call opened without it, so that a child the
  /// app starts cannot inherit them: libcurl 7.88 (Debian 12's) makes the multi handle's
  /// wakeup socketpair in `curl_multi_init` with plain `socketpair`, and offers no option.
  enum CloseOnExec {
    /// The descriptors open now, as `/proc/self/fd` lists them (empty where it does not
    /// exist). The directory's own descriptor, closed once read, is left out.
    static func openDescriptors() -> Set<Int32> {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return Set(names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) >= 0 })
    }

    /// Runs `body` and marks close-on-exec every socket opened meanwhile that lacks the
    /// flag. Only sockets: a file another thread opened in that instant is left alone, and
    /// marking a socket of another thread close-on-exec at worst keeps it from a child.
    /// - Parameter body: the call that opens descriptors, e.g. `curl_multi_init`.
    /// - Returns: what `body` returned.
    static func marking<Result>(_ body: () -> Result) -> Result {
      let before = openDescriptors()
      let result = body()
      for descriptor in openDescriptors().subtracting(before) {
        let flags = fcntl(descriptor, F_GETFD)
        guard flags >= 0, flags & FD_CLOEXEC == 0, isSocket(descriptor) else { continue }
        _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC)
      }
      return result
    }

    private static func isSocket(_ descriptor: Int32) -> Bool {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return false }
      return status.st_mode & S_IFMT == S_IFSOCK
    }
  }
#endif

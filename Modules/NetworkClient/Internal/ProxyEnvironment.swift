#if canImport(CCurl)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The environment variables through which libcurl (and so FoundationNetworking) picks a
  /// proxy for every transfer.
  enum ProxyEnvironment {
    /// Every name libcurl reads a proxy from, in both cases (it reads `http_proxy` in lower
    /// case only, but naming more costs nothing: the answer only sends a loopback request
    /// through ``CurlTransport``, which goes direct).
    static let names = [
      "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
    ]

    /// Whether any of them is set and not empty, read now: libcurl reads them per transfer.
    static func namesProxy() -> Bool {
      names.contains { name in getenv(name).map { $0.pointee != 0 } ?? false }
    }
  }
#endif

import Foundation
import Localization

/// A page that takes the browser to a provider's address: what `LoopbackUserAgent` hands the
/// host to open, instead of the address itself.
///
/// An address given to a browser on its command line (`$BROWSER <url>`, `xdg-open <url>`)
/// can be read by every local user (`/proc/<pid>/cmdline`, `ps`); an authorization request's
/// `state`, `nonce` and PKCE challenge, or an end-session request's `id_token_hint`, would let
/// another user finish, abort or end the person's sign-in. Write `html` to a file only the
/// person can read (0600 in a 0700 folder) and open that file instead: the page forwards the
/// browser (a GET, with `location.replace` and a `refresh` fallback) or submits a form to the
/// destination (a POST, for a request whose fields belong in no address), and sends no
/// referrer. Remove the file once the agent returns.
///
/// ```swift
/// let agent = try LoopbackUserAgent { page in
///   print("Open \(page.destination.absoluteString) to sign in")  // your own terminal
///   let file = privateFolder.appendingPathComponent("sign-in.html")
///   try? writePrivately(page.html, to: file)                      // 0600, then
///   openBrowser(file)                                             // no secret in argv
/// }
/// ```
public struct BrowserPage: Sendable, Equatable {
  /// Where the page takes the browser: for a forward, the whole address (show it to the
  /// person for copying by hand); for a form, the endpoint alone.
  public let destination: URL
  /// The fields a form posts to `destination`; empty for a forward.
  public let formFields: [URLQueryItem]
  /// Whether the page submits a form (POST) rather than forwarding (GET).
  public let posts: Bool

  /// A page that forwards the browser to `url` with a GET.
  /// - Parameter url: The address, query included.
  public init(forwardingTo url: URL) {
    destination = url
    formFields = []
    posts = false
  }

  /// A page that submits `fields` to `url` as an HTML form (POST,
  /// `application/x-www-form-urlencoded`), e.g. OpenID Connect RP-Initiated Logout 1.0 §2,
  /// which lets the `id_token_hint` travel in a body rather than an address.
  /// - Parameters:
  ///   - fields: The form's fields; a field without a value is sent empty.
  ///   - url: The endpoint.
  public init(posting fields: [URLQueryItem], to url: URL) {
    destination = url
    formFields = fields
    posts = true
  }

  /// The page: UTF-8 HTML that forwards or submits at once (a button remains for a browser
  /// without scripts), with `Referrer-Policy: no-referrer`.
  public var html: String {
    let target = Self.escaped(destination.absoluteString)
    let title = Self.escaped(TextTable.serviceUserOIDC.text("browser.page.title"))
    let head =
      "<!doctype html><html><head><meta charset=\"utf-8\">"
      + "<meta name=\"referrer\" content=\"no-referrer\"><title>\(title)</title>"
    let next = Self.escaped(TextTable.serviceUserOIDC.text("browser.page.continue"))
    guard posts else {
      return head + "<meta http-equiv=\"refresh\" content=\"0;url=\(target)\">"
        + "<script>location.replace(\(Self.scriptString(destination.absoluteString)))</script>"
        + "</head><body><p><a href=\"\(target)\" rel=\"noreferrer\">\(next)</a></p>"
        + "</body></html>"
    }
    let inputs = formFields.map { field in
      "<input type=\"hidden\" name=\"\(Self.escaped(field.name))\" "
        + "value=\"\(Self.escaped(field.value ?? ""))\">"
    }.joined()
    return head + "</head><body>"
      + "<form method=\"post\" action=\"\(target)\">" + inputs
      + "<noscript><button type=\"submit\">\(next)</button></noscript></form>"
      + "<script>document.forms[0].submit()</script></body></html>"
  }

  /// Text for an HTML attribute or element.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&#39;")
  }

  /// A JavaScript string literal that cannot end its `<script>` element early.
  private static func scriptString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      if scalar.isASCII, scalar.value >= 0x20, !"\"\\<>&'".unicodeScalars.contains(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        out += String(format: "\\u%04x", scalar.value <= 0xFFFF ? scalar.value : 0xFFFD)
      }
    }
    return out + "\""
  }
}

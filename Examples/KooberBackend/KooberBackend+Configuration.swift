import Foundation

extension KooberBackend {
  /// Everything the backend can be told at start: where it listens, where it keeps its data,
  /// the security parameters of the HTTP contract, and the clock.
  ///
  /// ```swift
  /// var configuration = KooberBackend.Configuration(dataDirectory: folder)
  /// configuration.passwordIterations = 1_000          // tests: fast hashes
  /// configuration.now = { clock.now }                  // tests: expire challenges at will
  /// let backend = try await KooberBackend.start(configuration)
  /// ```
  public struct Configuration: Sendable {
    /// The address to listen on; loopback unless told otherwise.
    public var host: String = "127.0.0.1"
    /// The port to listen on; 0 lets the system pick one (read it back from `port`).
    public var port: UInt16 = 0
    /// More host names the backend answers to, beside its address and (on loopback)
    /// `localhost`: e.g. the name a reverse proxy forwards requests under. A request naming
    /// another host in `Host` gets `421 misdirected_request` (the HTTP contract), so a web page
    /// that points its own domain at the backend reads nothing. Names only, without a port;
    /// compared case-insensitively and without a trailing dot.
    public var hostNames: [String] = []
    /// The SQLite file that holds users, tokens, challenges and the outbox.
    public var databaseURL: URL
    /// Demo mode: serves `GET /v1/dev/outbox`, where one-time codes can be read.
    public var demoMode: Bool = false
    /// PBKDF2-HMAC-SHA256 iterations for new password hashes. Stored hashes keep the count
    /// they were made with until their next successful sign-in, which rehashes them with this
    /// one; an unknown email's decoy hash uses the count most stored hashes have.
    public var passwordIterations: Int = 600_000
    /// How many password hashes (sign-up, sign-in) run at once: one per core by default, since
    /// each keeps a core busy. At least 1.
    public var passwordHashingSlots: Int = ProcessInfo.processInfo.activeProcessorCount
    /// How many password hashes may wait for a slot; past that, sign-up and sign-in answer
    /// `503 server_busy` with `retryAfter` and `Retry-After` at once, without hashing, and
    /// without counting as a failed sign-in. Short, so a waiting hash starts within about
    /// two hashes' time (0.6 s at the default iterations): two per core by default.
    public var passwordHashingQueueLength: Int =
      2 * ProcessInfo.processInfo.activeProcessorCount
    /// How long an access token lives.
    public var accessTokenLifetime: TimeInterval = 15 * 60
    /// How long a refresh token lives, counted from its own issue.
    public var refreshTokenLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// How long after its first use a refresh token sent again gets the same answer (the same
    /// new pair), so a client whose answer was lost retries safely; after it, a spent token
    /// is reuse and revokes its family. 0 detects reuse at once. The answers are kept in this
    /// process's memory only (tokens reach the disk only as hashes), so a backend restarted
    /// inside the window treats the spent token as reuse.
    public var refreshWindow: TimeInterval = 30
    /// How long a one-time code challenge stays open.
    public var challengeLifetime: TimeInterval = 60
    /// Wrong codes a challenge accepts; the last one ends it with `429 too_many_attempts`.
    public var challengeAttempts: Int = 3
    /// Failed sign-ins in a row, per email, after which the email is locked: wrong passwords
    /// and wrong one-time codes count together, unknown emails too, and a completed sign-in
    /// (a passenger's password, a driver's code) resets the count. Never more than this many
    /// attempts per email are evaluated at once, so concurrent guesses cannot pass it.
    public var lockoutThreshold: Int = 5
    /// How long a locked email stays locked; its sign-ins and codes answer `423` meanwhile.
    public var lockoutDuration: TimeInterval = 5 * 60
    /// The largest request body accepted; larger ones get `413 body_too_large`.
    public var maxBodyBytes: Int = 64 * 1024
    /// Demo mode: how long a ride waits for a real driver before the simulated driver
    /// accepts it.
    public var simulatedAcceptDelay: TimeInterval = 10
    /// Demo mode: how long each later step of the simulated driver's rides takes.
    public var simulatedStepInterval: TimeInterval = 10
    /// The WebAuthn relying party's id (RP ID): a registrable domain, or `localhost`.
    /// Passkeys are bound to it: authenticator data carries its SHA-256, and a passkey made
    /// for another RP ID never signs in here.
    public var relyingPartyID: String = "localhost"
    /// The relying party's name, shown by authenticators when a passkey is made.
    public var relyingPartyName: String = "Koober"
    /// The origins accepted in a passkey's client data, compared exactly (scheme, host and
    /// port as the client wrote them). Empty (the default) accepts only `https://<RP ID>`.
    public var passkeyOrigins: [String] = []
    /// The most passkey requests (flows from options not yet finished or expired) kept at
    /// once; past it, options answer `503 server_busy` until the soonest expires.
    public var passkeyFlowLimit: Int = 10_000
    /// Tests: rides whose receipt answers `500 internal_error`, e.g. to exercise a receipts
    /// export that partly fails. Nil (the default) fails none.
    public var receiptFailure: (@Sendable (_ rideID: String) -> Bool)?
    /// The backend's notion of "now"; inject a settable clock in tests.
    public var now: @Sendable () -> Date = { Date() }

    /// The origins a passkey's client data may name: `passkeyOrigins`, or `https://<RP ID>`
    /// when it is empty.
    public var acceptedPasskeyOrigins: [String] {
      passkeyOrigins.isEmpty ? ["https://" + relyingPartyID] : passkeyOrigins
    }

    /// A configuration that keeps its database in a file.
    /// - Parameter databaseURL: the SQLite file; its folder is created when missing.
    public init(databaseURL: URL) {
      self.databaseURL = databaseURL
    }

    /// A configuration that keeps its database as `backend.sqlite` inside a folder.
    /// - Parameter dataDirectory: the folder; created (0700) when missing.
    public init(dataDirectory: URL) {
      self.databaseURL = dataDirectory.appendingPathComponent("backend.sqlite")
    }
  }
}

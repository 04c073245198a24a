import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober

/// `SessionCrashChild <session folder> listen`: a running service in a process of its own,
/// listening to `sessionChanges()` over the folder's `FileSessionStore`, so a test can time
/// how long another process's change takes to reach it, away from the test process, whose
/// two cooperative threads every test of the suite shares.
///
/// It makes the stored session current, subscribes, and prints "listening" once the first
/// element came (the folder is watched from then on). Then it prints the first of: "heard
/// signedOut <seconds>", "heard signedIn <user id> <seconds>" for a change, or "renewed
/// <seconds>" when its current session's access token changed without one (another
/// process's renewal, taken up quietly); the seconds since 1970 are read as it sees it.
/// It exits 0 then, or 3 after `deadline` without either.
enum Listener {
  static func run(folder: URL, until deadline: Date) async -> Never {
    let store = FileSessionStore(directory: folder)
    // Never contacted: the child only listens.
    let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!, retryPolicy: .none)
    let service = ServiceUser(
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.deletingLastPathComponent()
        .appendingPathComponent("listener-accounts.sqlite"),
      sessionStore: store)
    do {
      guard let stored = try store.load() else { fail("no session stored") }
      try await service.establishSession(stored)
    } catch {
      fail("\(error)")
    }
    let first = await service.currentSession?.accessToken
    let firstUser = await service.currentSession?.user.id
    let changes = service.sessionChanges()
    Task {
      var iterator = changes.makeAsyncIterator()
      _ = await iterator.next()
      say("listening")
      guard let change = await iterator.next() else { fail("the changes ended") }
      let moment = Date().timeIntervalSince1970
      switch change {
      case .signedIn(let user): finish("heard signedIn \(user.id) \(moment)")
      case .switched(let user): finish("heard switched \(user.id) \(moment)")
      case .signedOut: finish("heard signedOut \(moment)")
      case .accountRemoved(let user, _): finish("heard removed \(user.id) \(moment)")
      case .initial: fail("a second initial element")
      }
    }
    while Date() < deadline {
      // A new token of the same user is another process's renewal, taken up without a
      // change; another user's is a switch, which the stream reports.
      let current = await service.currentSession
      if let current, current.accessToken != first, current.user.id == firstUser {
        finish("renewed \(Date().timeIntervalSince1970)")
      }
      try? await Task.sleep(for: .milliseconds(5))
    }
    exit(3)
  }

  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private static func finish(_ line: String) -> Never {
    say(line)
    exit(0)
  }

  private static func fail(_ reason: String) -> Never {
    FileHandle.standardError.write(Data("SessionCrashChild listen: \(reason)\n".utf8))
    exit(1)
  }
}

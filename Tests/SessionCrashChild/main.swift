import Foundation
import LoginCore
import ServiceUser
import UserModel

// The child process of ServiceUserTests' crash test: `SessionCrashChild <session folder>`.
//
// Saves a new session to a `FileSessionStore` in the folder over and over, as fast as it can,
// and prints "saving" after the first save, until the parent kills it with SIGKILL,
// somewhere inside an atomic replace most of the time. It gives up by itself after
// `deadline` so that it can never outlive a parent that died.

//
// `SessionCrashChild <session folder> sign-out|renew|switch` instead makes one change, as
// another process sharing the folder would (ServiceUserTests' store-watching tests): it
// clears the stored session, stores the same user's session with new tokens, or stores
// another user's session, then prints "done <seconds since 1970>" taken right before the
// write, and exits 0.

//
// `SessionCrashChild <session folder> listen` runs a listening service instead (Listener.swift).

let deadline = Date().addingTimeInterval(60)

// `SessionCrashChild <session folder> accounts <prefix> <count>`: RecordWriter.swift.
if CommandLine.arguments.count == 5, CommandLine.arguments[2] == "accounts",
  let count = Int(CommandLine.arguments[4])
{
  RecordWriter.run(
    folder: URL(fileURLWithPath: CommandLine.arguments[1]), prefix: CommandLine.arguments[3],
    count: count)
}

// `SessionCrashChild <session folder> activate <user id>`: makes that kept account the active
// one, as another process's `switchAccount(to:)` records it, and prints "done <seconds>".
if CommandLine.arguments.count == 4, CommandLine.arguments[2] == "activate" {
  let store = FileSessionStore(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
  let started = Date().timeIntervalSince1970
  do {
    let record = try store.loadRecord()
    guard let key = record.lastActive.keys.first(where: { $0.userID == CommandLine.arguments[3] })
    else { exit(4) }
    try store.updateRecord { record in
      record.active = key
      record.lastActive[key] = Date()
    }
    FileHandle.standardOutput.write(Data("done \(started)\n".utf8))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("SessionCrashChild: \(error)\n".utf8))
    exit(1)
  }
}

if CommandLine.arguments.count == 3, CommandLine.arguments[2] == "listen" {
  await Listener.run(folder: URL(fileURLWithPath: CommandLine.arguments[1]), until: deadline)
}

if CommandLine.arguments.count == 3 {
  let store = FileSessionStore(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
  let started = Date().timeIntervalSince1970
  do {
    switch CommandLine.arguments[2] {
    case "sign-out":
      try store.clear()
    case "renew":
      guard var session = try store.load() else { exit(4) }
      session.accessToken += "-renewed"
      session.refreshToken = (session.refreshToken ?? "") + "-renewed"
      try store.save(session)
    case "switch":
      let other = User(
        id: "usr_other", identifier: "other@example.com", name: nil, type: UserType("driver"))
      try store.save(
        UserSession(
          user: other, accessToken: "access-other", accessTokenExpiresAt: deadline + 900,
          refreshToken: "refresh-other"))
    default:
      exit(2)
    }
    FileHandle.standardOutput.write(Data("done \(started)\n".utf8))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("SessionCrashChild: \(error)\n".utf8))
    exit(1)
  }
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(
    Data("usage: SessionCrashChild <session folder> [sign-out|renew|switch|listen]\n".utf8))
  exit(2)
}

let store = FileSessionStore(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
let user = User(
  id: "usr_crash", identifier: "crash@example.com", name: nil, type: UserType("member"))
var saves = 0
do {
  while Date() < deadline {
    saves += 1
    try store.save(
      UserSession(
        user: user, accessToken: "access-\(saves)-" + String(repeating: "a", count: 40),
        accessTokenExpiresAt: Date().addingTimeInterval(900),
        refreshToken: "refresh-\(saves)-" + String(repeating: "r", count: 40)))
    if saves == 1 { FileHandle.standardOutput.write(Data("saving\n".utf8)) }
  }
  exit(3)
} catch {
  FileHandle.standardError.write(Data("SessionCrashChild: \(error)\n".utf8))
  exit(1)
}

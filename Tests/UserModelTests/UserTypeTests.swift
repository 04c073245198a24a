import Foundation
import Testing
import UserModel

extension UserType {
  fileprivate static let dispatcher = UserType("dispatcher")
}

@Suite("UserType: an open set of the server's words")
struct UserTypeTests {
  @Test(
    "words of a-z, 0-9, _ and -, starting with a letter, up to 64, are types",
    arguments: [
      "member", "admin", "dispatcher", "fleet_manager", "x-1",
      String(repeating: "a", count: 64),
    ])
  func accepted(word: String) throws {
    let type = try #require(UserType(rawValue: word))
    #expect(type.rawValue == word)
    let decoded = try JSONDecoder().decode(UserType.self, from: Data("\"\(word)\"".utf8))
    #expect(decoded == type)
    #expect(String(decoding: try JSONEncoder().encode(type), as: UTF8.self) == "\"\(word)\"")
  }

  @Test(
    "anything else is refused, and fails to decode",
    arguments: ["", "Member", "1st", "_x", "pas senger", "pilot\n", "pilöt", "a\u{202E}b",
      String(repeating: "a", count: 65)])
  func refused(word: String) throws {
    #expect(UserType(rawValue: word) == nil)
    let json = try JSONEncoder().encode(word)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(UserType.self, from: json) }
  }

  @Test("an app's own type is a value like Koober's two")
  func appTypes() {
    #expect(UserType.dispatcher.rawValue == "dispatcher")
    #expect(UserType.dispatcher != .member)
    #expect(UserType.member.rawValue == "member" && UserType.admin.rawValue == "admin")
    #expect(UserType("Dispatcher Two!").rawValue == "dispatchertwo")
    #expect(UserType("!!!").rawValue == "unknown")
  }
}

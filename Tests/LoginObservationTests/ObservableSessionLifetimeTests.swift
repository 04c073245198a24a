import Foundation
import LoginCore
import LoginObservation
import Testing
import UserModel

/// The model's listener ends with it: released or stopped, nothing keeps consuming the
/// service's change stream, and nothing keeps the model alive.
@MainActor
@Suite("The observable session's listener ends with it")
struct ObservableSessionLifetimeTests {
  typealias World = ObservationWorld

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a released model is freed at once and its stream loses its consumer")
  func releasedEndsListener() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let counted = ListenerCount(base: world.service)
    var model: ObservableSession? = ObservableSession(service: counted)
    model?.start()
    #expect(await eventually { model?.changesHeard == 1 })
    #expect(counted.live.value == 1)
    let listener = try #require(model?.listenerTask)
    weak let released = model
    model = nil
    // The listener holds the model weakly: nothing else kept it.
    #expect(released == nil)
    // Its task ends now, not at the service's next change, and the stream has no consumer.
    #expect(await eventually { counted.live.value == 0 })
    if counted.live.value == 0 { await listener.value }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("a stopped model stops consuming, keeps its values, and follows again from start")
  func stopAndStartAgain() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let counted = ListenerCount(base: world.service)
    let model = ObservableSession(service: counted)
    model.start()
    model.start()  // a second start does nothing
    try await world.signIn(World.ann)
    #expect(await eventually { model.status == .signedIn(World.ann) })
    #expect(counted.live.value == 1)

    let listener = try #require(model.listenerTask)
    model.stop()
    #expect(await eventually { counted.live.value == 0 })
    if counted.live.value == 0 { await listener.value }
    let changed = changes { _ = model.status }
    #expect(await world.service.signOut() == .signedOut)
    try await Task.sleep(for: .milliseconds(50))
    #expect(!changed.value)
    #expect(model.status == .signedIn(World.ann))

    model.start()
    #expect(await eventually { model.status == .signedOut(nil) })
    #expect(counted.live.value == 1)
  }
}

// Article example begins: TestingYourApp imports
import LoginCore
import LoginLogicControl
import LoginTesting

// Article example ends

/// LoginTesting's *Testing your app* article, compiled: the logic with a scripted service.
@MainActor
public func testSignIn(myScreen: any SignInLogicDelegate) async {
  // Article example begins: TestingYourApp body
  let service = FakeLoginService()
  service.signInResults = [.failure(.refused(.invalidCredentials(.email)))]
  let environment = LoginEnvironment(service: service, log: LoginEventLog())
  let control = SignInLogicControl(environment: environment, entryPoint: .welcome)
  control.delegate = myScreen
  await control.signIn(identifier: "ann@example.com", password: "wrong1234")?.value
  // assert what myScreen was told, and service.calls
  // Article example ends
}

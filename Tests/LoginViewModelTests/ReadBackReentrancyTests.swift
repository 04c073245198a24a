import LoginViewModel
import TestSupport
import Testing

/// A closure that sends an input while other calls of its event still wait: every closure is
/// given the value its model holds when it runs, and each output is told once, with its
/// latest value, in the order of its latest change.
@MainActor
@Suite("Login view models tell the latest value when a closure sends an input")
struct ReadBackReentrancyTests {
  @Test("sign-in: a request that fails at once from the loading closure leaves no stale call")
  func signInLoadingFailsAtOnce() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
    model.passwordChanged("trail3rs")
    let probe = ReadBackProbe { [unowned model] in
      ["isLoading": "\(model.isLoading)", "isSignInEnabled": "\(model.isSignInEnabled)"]
    }
    model.onSignInEnabledChange = { probe.heard("isSignInEnabled", $0) }
    model.onLoadingChange = { [unowned model] loading in
      probe.heard("isLoading", loading)
      // A host whose request fails before it leaves the device, answered from the closure.
      if loading { model.setLoading(false) }
    }

    // The event queues "loading true" and "enabled false"; the first call's input turns the
    // button back on before the second is made, so the view has nothing to hear about it.
    model.setLoading(true)

    #expect(probe.problems == [])
    #expect(probe.calls == ["isLoading true", "isLoading false"])
    #expect(!model.isLoading && model.isSignInEnabled)
  }

  @Test("device: a tick sent from the code's closure replaces the countdown's waiting call")
  func deviceTickFromCodeClosure() {
    let model = DeviceSignInViewModel()
    model.started()
    let probe = ReadBackProbe { [unowned model] in ReadBackTests.deviceOutputs(model) }
    ReadBackTests.listen(device: model, probe)
    model.onCodeTextChange = { [unowned model] code in
      probe.heard("codeText", code as Any)
      // A view whose timer starts when the code shows and ticks at once.
      if code != nil { model.remainingSecondsChanged(299) }
    }

    model.show(userCode: "WDJB-MJHT", address: "https://id.example/device", secondsLeft: 300)

    #expect(probe.problems == [])
    // The countdown is told once, with the tick's text, after the status (its latest change
    // came last); "5:00" was never what the model held when a closure ran.
    #expect(
      probe.calls == [
        "codeText \(model.codeText as Any)", "addressText \(model.addressText as Any)",
        "statusText \(model.statusText as Any)", "countdownText \(model.countdownText as Any)",
      ])
    #expect(model.countdownText?.contains("4:59") == true)
  }

  @Test("a closure the view replaces before its call is made is not called; the new one is")
  func replacedClosure() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
    var heard: [String] = []
    model.onSignInEnabledChange = { heard.append("old \($0)") }
    model.onLoadingChange = { [unowned model] loading in
      heard.append("loading \(loading)")
      // The view redraws its button while the event's other calls still wait.
      model.onSignInEnabledChange = { heard.append("new \($0)") }
    }

    model.passwordChanged("trail3rs")
    model.setLoading(true)

    #expect(heard == ["old true", "loading true", "new false"])
  }
}

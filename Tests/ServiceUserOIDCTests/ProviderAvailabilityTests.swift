import Foundation
import OIDCProviderHarness
import Testing

@Suite("whether the provider's tests run, skip or fail")
struct ProviderAvailabilityTests {
  let root = URL(fileURLWithPath: "/pkg")

  @Test("without the venv, outside CI the tests skip and say what is missing")
  func missingOutsideCI_skips() {
    let decision = ProviderAvailability.decide(
      environment: [:], packageRoot: root, isExecutable: { _ in false })
    guard case .skipped(let reason) = decision else {
      Issue.record("expected a skip, got \(decision)")
      return
    }
    #expect(reason.contains("/pkg/.build-oidc-venv/bin/python"))
    #expect(reason.contains(".ci/run"))
    #expect(!decision.runs)
  }

  @Test("without the venv, with CI=true the tests run and fail with the reason")
  func missingInCI_fails() {
    let decision = ProviderAvailability.decide(
      environment: ["CI": "true"], packageRoot: root, isExecutable: { _ in false })
    guard case .failing(let reason) = decision else {
      Issue.record("expected a failure, got \(decision)")
      return
    }
    #expect(reason.contains("KOOBER_OIDC_PYTHON"))
    #expect(decision.runs)
  }

  @Test("KOOBER_OIDC_PYTHON is used before the package's venv")
  func environmentPython_wins() {
    let decision = ProviderAvailability.decide(
      environment: ["KOOBER_OIDC_PYTHON": "/opt/py/bin/python", "CI": "true"],
      packageRoot: root, isExecutable: { $0 == "/opt/py/bin/python" })
    #expect(decision == .ready(python: URL(fileURLWithPath: "/opt/py/bin/python")))
  }

  @Test("the package's venv is found from the package root")
  func packageVenv_isFound() {
    let decision = ProviderAvailability.decide(
      environment: [:], packageRoot: root,
      isExecutable: { $0 == "/pkg/.build-oidc-venv/bin/python" })
    #expect(decision == .ready(python: URL(fileURLWithPath: "/pkg/.build-oidc-venv/bin/python")))
  }
}

// Tests drive passkeys with SoftwarePasskeys' authenticator, its keys in memory:
// `SoftwareAuthenticator.inMemory()` with `import LoginTesting` alone, beside the fake server's
// scripted passkey operations (`FakeAuthRemoteAPI+Passkeys`).
@_exported import SoftwarePasskeys

// The fakes, fixtures and live harness shared by ServiceUserTests and ServiceUserLoginTests
// live in their own target; re-exported here so every test file of this target sees them.
@_exported import ServiceUserTestSupport

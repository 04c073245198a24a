// `PrivateFiles` (0600 files in 0700 folders, another user's refused) lives in WireFormat, so
// that modules which link no SQLite keep files the same way; re-exported so code that
// imports DatabaseClient keeps seeing it without a second import.
@_exported import WireFormat

// `HTTPMethod`, `JSONValue` and `Locked` live in WireFormat, shared with the server side;
// re-exported so code that imports NetworkClient keeps seeing them without a second import.
@_exported import WireFormat

// `HTTPMethod`, `JSONValue` and `Locked` live in WireFormat, shared with the client side;
// re-exported so code that imports LoopbackServer keeps seeing them without a second import.
@_exported import WireFormat

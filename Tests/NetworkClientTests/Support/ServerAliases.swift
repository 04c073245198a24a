import LoopbackServer

// This file imports LoopbackServer alone, for the same reason as TestRequest.swift.
typealias ServerJSON = JSONValue

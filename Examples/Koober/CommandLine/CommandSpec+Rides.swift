/// The ride commands: `koober rides …` and `koober driver …`.
extension CommandSpec {
  /// The ride commands, in the order help lists them.
  static let rideCommands: [CommandSpec] = passengerCommands + driverCommands

  private static let pickupNote =
    "Rides start at Koober's fixed current location, \(FixedPickup.name)."

  private static let passengerCommands: [CommandSpec] = [
    CommandSpec(
      name: .ridesEstimate, summary: "What a ride to a place costs (no account needed).",
      arguments: "--to PLACE",
      options: [.destination],
      details: [pickupNote, "One line per vehicle type: name, fare, minutes to pick-up."]),
    CommandSpec(
      name: .ridesRequest, summary: "Request a ride (passengers).",
      arguments: "--to PLACE --vehicle TYPE",
      options: [
        .destination,
        .value("vehicle", "TYPE", "wallaby, wallaroo or kangaroo."),
      ],
      details: [
        pickupNote,
        "Prints the ride: its id first, then its status. One ride at a time.",
      ]),
    CommandSpec(
      name: .ridesStatus, summary: "Show a ride, or the ride in progress.", arguments: "[ID]",
      options: [],
      details: [
        "Without an id: the ride that is neither completed nor cancelled (exit 1 if none).",
        "The first line is the ride (id, status, route); the second says where it is.",
      ],
      positional: .optional("ID")),
    CommandSpec(
      name: .ridesList, summary: "List your rides, newest first.",
      arguments: "[--scope all|active|completed|cancelled] [--search TEXT]",
      options: [
        .value("scope", "S", "all (the default), active, completed or cancelled."),
        .value("search", "TEXT", "Rides whose pickup or destination contains TEXT."),
      ],
      details: [
        "A driver's list holds the rides they accepted.",
        "When Koober can't be reached, the rides saved on this device are listed (exit 1).",
      ]),
    CommandSpec(
      name: .ridesCancel, summary: "Cancel a ride before the driver arrives (passengers).",
      arguments: "ID", options: [], details: [], positional: .required("ID")),
    CommandSpec(
      name: .ridesExport, summary: "Write the receipts of your completed rides (passengers).",
      arguments: "[--format csv]",
      options: [.value("format", "FORMAT", "csv (the only format, and the default).")],
      details: [
        "The CSV goes to stdout; each ride whose receipt failed is named on stderr,",
        "and then the exit status is 1.",
      ]),
  ]

  private static let driverCommands: [CommandSpec] = [
    CommandSpec(
      name: .driverQueue, summary: "List the rides waiting for a driver, oldest first.",
      arguments: "", options: [], details: ["One line per ride: its id first."]),
    CommandSpec(
      name: .driverAccept, summary: "Accept a waiting ride.", arguments: "ID", options: [],
      details: ["One ride at a time: finish yours before accepting another."],
      positional: .required("ID")),
    CommandSpec(
      name: .driverAdvance, summary: "Move your ride one step on.", arguments: "ID",
      options: [],
      details: ["accepted → arrived → in progress → completed; prints the ride."],
      positional: .required("ID")),
  ]
}

import Foundation
import RideModel

/// The reference backend's built-in list of named places around Sydney, searched by
/// `GET /v1/locations/search`.
///
/// ```swift
/// Places.search("opera")   // [Sydney Opera House]
/// ```
enum Places {
  /// The most places one search answers with (the HTTP contract).
  static let searchLimit = 20

  /// Places whose name contains `text`, compared case-insensitively, in list order.
  /// - Parameter text: the text to look for; the caller has checked it is not empty.
  /// - Returns: at most `searchLimit` places.
  static func search(_ text: String) -> [Location] {
    let matches = all.lazy.filter { place in
      place.address?.range(of: text, options: .caseInsensitive) != nil
    }
    return Array(matches.prefix(searchLimit))
  }

  /// Every place, in a fixed order (the city's centre first).
  static let all: [Location] = table.compactMap { name, latitude, longitude in
    // Every row below is in range; a typo would drop its row, never crash the server.
    try? Location(latitude: latitude, longitude: longitude, address: name)
  }

  private static let table: [(String, Double, Double)] = [
    ("Sydney Opera House", -33.8568, 151.2153),
    ("Sydney Harbour Bridge", -33.8523, 151.2108),
    ("Circular Quay", -33.8611, 151.2112),
    ("The Rocks", -33.8599, 151.2090),
    ("Royal Botanic Garden Sydney", -33.8642, 151.2166),
    ("Art Gallery of New South Wales", -33.8688, 151.2173),
    ("Hyde Park", -33.8731, 151.2111),
    ("St Mary's Cathedral", -33.8712, 151.2133),
    ("Queen Victoria Building", -33.8718, 151.2067),
    ("Sydney Town Hall", -33.8732, 151.2061),
    ("Darling Harbour", -33.8748, 151.2008),
    ("Barangaroo Reserve", -33.8580, 151.2015),
    ("Australian National Maritime Museum", -33.8696, 151.1986),
    ("Central Station", -33.8832, 151.2063),
    ("Chinatown", -33.8785, 151.2040),
    ("Surry Hills", -33.8861, 151.2111),
    ("Paddington Markets", -33.8848, 151.2262),
    ("Kings Cross", -33.8737, 151.2226),
    ("Sydney Cricket Ground", -33.8917, 151.2247),
    ("Centennial Park", -33.8983, 151.2339),
    ("Bondi Beach", -33.8908, 151.2743),
    ("Bronte Beach", -33.9036, 151.2683),
    ("Coogee Beach", -33.9200, 151.2577),
    ("University of Sydney", -33.8886, 151.1873),
    ("Newtown", -33.8981, 151.1749),
    ("Glebe Point", -33.8798, 151.1856),
    ("Balmain", -33.8591, 151.1789),
    ("Taronga Zoo", -33.8436, 151.2411),
    ("Manly Beach", -33.7969, 151.2882),
    ("North Sydney", -33.8389, 151.2070),
    ("Luna Park Sydney", -33.8474, 151.2100),
    ("Chatswood", -33.7969, 151.1803),
    ("Sydney Airport", -33.9399, 151.1753),
    ("Parramatta", -33.8150, 151.0011),
    ("Sydney Olympic Park", -33.8474, 151.0636),
    ("Watsons Bay", -33.8440, 151.2817),
    ("Cronulla Beach", -34.0573, 151.1539),
    ("Macquarie University", -33.7738, 151.1126),
  ]
}

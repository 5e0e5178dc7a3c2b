import SwiftUI

// The arms show different content: another picture, another list's rows. Keeping one identity
// would carry one content's state to the other; the reset is what the code needs.
struct Avatar: View {
    let address: String
    @State private var loaded = false
    var body: some View { Text(address).onTapGesture { loaded = true } }
}

struct PersonRow: View {
    let name: String
    @State private var expanded = false
    var body: some View { Text(name).onTapGesture { expanded.toggle() } }
}

struct AccountHeader: View {
    @State private var chosenAddress: String? = nil
    @State private var savedAddress: String? = nil
    var body: some View {
        if let picked = chosenAddress {
            Avatar(address: picked)
        } else if let saved = savedAddress {
            Avatar(address: saved)
        } else {
            Text("No picture")
        }
    }
}

struct PeopleSearch: View {
    @State private var query = ""
    @State private var recent: [String] = []
    @State private var matches: [String] = []
    var body: some View {
        if query.isEmpty {
            ForEach(recent, id: \.self) { person in
                PersonRow(name: person)
            }
        } else {
            ForEach(matches, id: \.self) { person in
                PersonRow(name: person)
            }
        }
    }
}

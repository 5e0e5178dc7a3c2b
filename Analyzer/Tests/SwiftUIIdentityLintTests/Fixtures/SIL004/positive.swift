import SwiftUI

struct UserProfile: View {
    let user: String
    @State private var draft = ""
    var body: some View { Text(user) }
}

struct Account: View {
    let user: String?
    var body: some View {
        if user != nil {
            UserProfile(user: user!)
        } else {
            Spacer()
        }
    }
}

// The parent passes an optional that changes.
struct Session: View {
    @Binding var user: String?
    var body: some View { Account(user: user) }
}

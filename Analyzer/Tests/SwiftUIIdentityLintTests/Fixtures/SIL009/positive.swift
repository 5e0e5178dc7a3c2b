import SwiftUI

struct Detail: View {
    let item: Int
    @State private var scroll = 0
    var body: some View { Text("\(item)") }
}

struct Browser: View {
    @State private var selection = 0
    var body: some View {
        Detail(item: selection)
            .id(selection)
    }
}

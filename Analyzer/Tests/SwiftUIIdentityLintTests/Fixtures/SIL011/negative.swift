import SwiftUI

struct GroceryRow: View, Equatable {
    let title: String
    let onTap: () -> Void
    var body: some View { Button(title, action: onTap) }
    static func == (a: Self, b: Self) -> Bool { a.title == b.title }
}

struct GroceryList: View {
    @State private var selected = ""
    var body: some View {
        GroceryRow(title: "Milk", onTap: { selected = "Milk" })
    }
}

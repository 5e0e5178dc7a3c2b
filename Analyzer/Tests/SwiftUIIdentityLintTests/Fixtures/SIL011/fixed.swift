import SwiftUI

struct GroceryRow: View {
    let title: String
    @Binding var selected: String
    var body: some View { Button(title) { selected = title } }
}

struct GroceryList: View {
    @State private var selected = ""
    var body: some View {
        GroceryRow(title: "Milk", selected: $selected)
    }
}

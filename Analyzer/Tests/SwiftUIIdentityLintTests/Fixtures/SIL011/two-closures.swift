import SwiftUI

struct GroceryRow: View {
    let title: String
    let onTap: () -> Void
    let onDelete: () -> Void
    var body: some View { Button(title, action: onTap) }
}

struct GroceryList: View {
    @State private var selected = ""
    var body: some View {
        GroceryRow(title: "Milk", onTap: { selected = "Milk" }, onDelete: { selected = "" })
    }
}

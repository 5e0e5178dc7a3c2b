import SwiftUI

// A `var` of the view model changes; and a `let` of a view model the parent replaces changes
// with it. Both still reported.
protocol Link {}

@Observable final class HomeModel {
    let link: any Link
    var day = 1
    init(link: any Link) { self.link = link }
}

struct DayBadge: View {
    @State private var shown: Int
    init(day: Int) { _shown = State(initialValue: day) }
    var body: some View { Text("\(shown)") }
}

struct LinkBadge: View {
    @State private var link: any Link
    init(link: any Link) { _link = State(initialValue: link) }
    var body: some View { Text("link") }
}

struct Home: View {
    @State private var model: HomeModel
    let other: any Link
    init(link: any Link, other: any Link) {
        _model = State(initialValue: HomeModel(link: link))
        self.other = other
    }
    var body: some View {
        DayBadge(day: model.day)
        LinkBadge(link: model.link)
        Button("Switch") { model = HomeModel(link: other) }
    }
}

import SwiftUI

// A `let` of the parent's view model: the same object holds the same service every time.
protocol Link {}

@Observable final class HomeModel {
    let link: any Link
    var day = 1
    init(link: any Link) { self.link = link }
}

@Observable final class PreviewModel {
    let link: any Link
    init(link: any Link) { self.link = link }
}

struct TrainingPreview: View {
    @State private var model: PreviewModel
    init(link: any Link) { _model = State(initialValue: PreviewModel(link: link)) }
    var body: some View { Text("Day") }
}

struct Home: View {
    @State private var model: HomeModel
    init(link: any Link) { _model = State(initialValue: HomeModel(link: link)) }
    var body: some View {
        Text("\(model.day)")
        TrainingPreview(link: model.link)
    }
}

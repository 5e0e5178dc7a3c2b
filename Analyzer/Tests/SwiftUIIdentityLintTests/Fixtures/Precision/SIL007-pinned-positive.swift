import SwiftUI

// The same editor, but the project can also be switched while the editor is shown: the editor
// keeps its identity and its browser keeps the first project's model. Still reported.
final class Project {
    var path: String
    init(path: String) { self.path = path }
}

final class BrowserModel: ObservableObject {
    let root: String
    init(root: String) { self.root = root }
}

struct Browser: View {
    @StateObject var model: BrowserModel
    init(model: BrowserModel) { _model = StateObject(wrappedValue: model) }
    var body: some View { Text(model.root) }
}

struct Editor: View {
    private var project: Project
    init(project: Project) { self.project = project }
    var body: some View {
        Browser(model: BrowserModel(root: project.path))
    }
}

struct Starter: View {
    @State private var project: Project?
    @State private var isOpened = false
    var body: some View {
        if isOpened {
            Editor(project: project!)
            Button("Switch") { project = Project(path: "/other") }
        } else {
            Button("Open") {
                isOpened = true
                project = Project(path: "/tmp")
            }
        }
    }
}

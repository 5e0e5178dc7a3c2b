import SwiftUI

// The corpus's shape (swiftUI-tank's StarterView): the project is chosen by the action that
// opens the editor, in the arm the editor replaces. The editor is made anew with each project,
// never handed a second one, so its browser's seed is never ignored.
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
        } else {
            Button("Open") {
                isOpened = true
                project = Project(path: "/tmp")
            }
        }
    }
}

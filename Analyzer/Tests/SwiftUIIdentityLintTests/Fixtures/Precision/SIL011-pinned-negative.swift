import SwiftUI

// The parent's only state picks what is shown: every change of it removes the child, so the
// child never runs again with an unchanged closure.
struct SignInForm: View {
    let onClose: () -> Void
    var body: some View { Button("Close", action: onClose) }
}

struct Landing: View {
    @State private var screen = Screen.start
    var body: some View {
        switch screen {
        case .start:
            Button("Sign in") { screen = .signIn }
        case .signIn:
            SignInForm(onClose: { screen = .start })
        }
    }
    enum Screen { case start, signIn }
}

struct HelpPanel: View {
    @State private var showsForm = false
    var body: some View {
        if !showsForm {
            Button("Open") { showsForm = true }
        } else {
            SignInForm(onClose: { showsForm = false })
        }
    }
}

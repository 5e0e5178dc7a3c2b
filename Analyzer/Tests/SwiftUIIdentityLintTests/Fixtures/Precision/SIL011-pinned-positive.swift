import SwiftUI

// The child stays while the parent's state changes: it runs again with every change.
struct SignInForm: View {
    let onClose: () -> Void
    var body: some View { Button("Close", action: onClose) }
}

// A case with a payload: a new payload keeps the arm.
struct Wizard: View {
    @State private var step = Step.account(page: 0)
    var body: some View {
        switch step {
        case .account:
            SignInForm(onClose: { step = .done })
        case .done:
            Text("Done")
        }
    }
    enum Step { case account(page: Int), done }
}

// A condition that holds for many values.
struct Counter: View {
    @State private var count = 0
    var body: some View {
        if count > 0 {
            SignInForm(onClose: { count += 1 })
        }
    }
}

// The arm is pinned by one state, but another state of the parent changes too.
struct Landing: View {
    @State private var showsForm = false
    @State private var typed = ""
    var body: some View {
        TextField("Name", text: $typed)
        if showsForm {
            SignInForm(onClose: { showsForm = false })
        }
    }
}

// The arm is pinned, but the parent keeps a closure of its own caller: it runs again whenever
// that caller does, and the child with it.
struct Sheet: View {
    @State private var showsForm = true
    let onFinish: () -> Void
    var body: some View {
        if showsForm {
            SignInForm(onClose: { showsForm = false; onFinish() })
        }
    }
}

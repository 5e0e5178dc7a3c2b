import SwiftUI

// The same content in both arms: only a flag (a literal, an enum case) or a container differs,
// so what the user typed into the draft is lost for nothing. Still reported.
struct DraftEditor: View {
    let topic: String
    let mode: Mode
    @State private var text = ""
    var body: some View { TextField(topic, text: $text) }
    enum Mode { case edit, preview }
}

struct Composer: View {
    @State private var topic = "Notes"
    @State private var previewing = false
    var body: some View {
        if previewing {
            DraftEditor(topic: topic, mode: .preview)
        } else {
            DraftEditor(topic: topic, mode: .edit)
        }
    }
}

// A flag passed as a literal in one arm and read from state in the other configures the view;
// the topic it shows is the same.
struct Player: View {
    @State private var topic = "Intro"
    @State private var started = false
    var body: some View {
        if !started {
            DraftEditor(topic: topic, mode: started ? .edit : .preview)
        } else {
            VStack {
                DraftEditor(topic: topic, mode: .edit)
            }
        }
    }
}

struct Thread: View {
    @State private var messages: [String] = []
    @State private var compact = false
    var body: some View {
        if compact {
            ForEach(messages, id: \.self) { message in
                DraftEditor(topic: message, mode: .edit)
            }
        } else {
            VStack {
                ForEach(messages, id: \.self) { message in
                    DraftEditor(topic: message, mode: .edit)
                }
            }
        }
    }
}

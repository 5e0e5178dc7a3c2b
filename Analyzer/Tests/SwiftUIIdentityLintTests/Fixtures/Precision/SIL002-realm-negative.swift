import RealmSwift
import SwiftUI

// Realm objects with a primary key: Realm hashes and compares a stored object by that key,
// which never changes, so editing a field in place keeps the row's key.
class Book: Object, ObjectKeyIdentifiable {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var title: String
    @Persisted var pagesRead: Int
}

struct BookCell: View {
    let book: Book
    @State private var expanded = false
    var body: some View { Text(book.title).onTapGesture { expanded.toggle() } }
}

struct Shelf: View {
    @ObservedResults(Book.self) var books
    var body: some View {
        ForEach(books, id: \.self) { book in
            BookCell(book: book)
        }
    }
}

// The corpus's shape: a helper filters the results into a local of the same name.
struct FinishedShelf: View {
    @ObservedResults(Book.self) var books
    var body: some View { grid }
    var grid: some View {
        VStack {
            let books = books.filter { $0.pagesRead > 0 }
            ForEach(books, id: \.self) { book in
                BookCell(book: book)
            }
        }
    }
}

import CZ3

/// A declared algebraic datatype: its sort and its constructors in declaration order.
package struct Z3Datatype {
    package let name: String
    package let sort: Z3Sort
    package let constructors: [Z3DatatypeConstructor]

    /// The constructor named `name`; when there is none, the error is latched in the context and
    /// a placeholder returned.
    package func constructor(_ name: String) -> Z3DatatypeConstructor {
        guard let found = constructors.first(where: { $0.name == name }) else {
            let context = sort.context
            context.reject(.invalidArgument, "\(self.name) has no constructor \(name)", "constructor")
            let placeholder = context.placeholderFunction
            return Z3DatatypeConstructor(name: name, function: placeholder, tester: placeholder, fieldNames: [], accessors: [])
        }
        return found
    }
}

/// One constructor of a datatype with its tester (recognizer) and field accessors.
package struct Z3DatatypeConstructor {
    package let name: String
    /// The constructor function, e.g. `cons: Int × IntList → IntList`.
    package let function: Z3FunctionDecl
    /// The tester, e.g. `is-cons: IntList → Bool`.
    package let tester: Z3FunctionDecl
    /// The field names, in order.
    package let fieldNames: [String]
    /// The accessors, in field order, e.g. `head: IntList → Int`.
    package let accessors: [Z3FunctionDecl]

    /// The accessor of the field `field`; when there is none, the error is latched in the context
    /// and a placeholder returned.
    package func accessor(_ field: String) -> Z3FunctionDecl {
        guard let index = fieldNames.firstIndex(of: field) else {
            function.context.reject(.invalidArgument, "\(name) has no field \(field)", "accessor")
            return function.context.placeholderFunction
        }
        return accessors[index]
    }

    /// The value built by this constructor from `fields`.
    package func callAsFunction(_ fields: Z3Term...) -> Z3Term {
        function.apply(fields)
    }

    /// True when `term` was built by this constructor.
    package func test(_ term: Z3Term) -> Z3Term {
        tester.apply([term])
    }

    /// The field `field` of `term` (unspecified when `term` was built by another constructor).
    package func field(_ field: String, of term: Z3Term) -> Z3Term {
        accessor(field).apply([term])
    }
}

extension Z3Context {
    /// Declares datatypes that may refer to each other by name (mutual recursion) and returns
    /// them in the order given.
    package func declareDatatypes(_ declarations: [Z3DatatypeDeclaration]) throws -> [Z3Datatype] {
        try throwLatchedError()
        var indexByName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() {
            guard indexByName.updateValue(index, forKey: declaration.name) == nil else {
                throw Z3Error(
                    code: .invalidArgument, message: "Z3Kit: datatype \(declaration.name) declared twice",
                    operation: "mk_datatypes"
                )
            }
        }
        var constructors: [[Z3_constructor]] = []
        var lists: [Z3_constructor_list?] = []
        defer {
            for constructor in constructors.joined() { Z3_del_constructor(raw, constructor) }
            for case let list? in lists { Z3_del_constructor_list(raw, list) }
        }
        for declaration in declarations {
            constructors.append([])
            for constructor in declaration.constructors {
                let made = try makeConstructor(constructor, indexByName: indexByName)
                constructors[constructors.count - 1].append(made)
            }
            let group: [Z3_constructor?] = constructors[constructors.count - 1]
            lists.append(try make("mk_constructor_list") { Z3_mk_constructor_list($0, UInt32(group.count), group) })
        }
        let names: [Z3_symbol?] = try declarations.map { try symbol($0.name) }
        var rawSorts = [Z3_sort?](repeating: nil, count: declarations.count)
        try call("mk_datatypes") { Z3_mk_datatypes($0, UInt32(names.count), names, &rawSorts, &lists) }
        let sorts = rawSorts.compactMap { $0.map { Z3Sort(context: self, raw: $0) } }
        guard sorts.count == declarations.count else {
            throw Z3Error(code: .exception, message: "Z3 returned a null sort", operation: "mk_datatypes")
        }
        return try declarations.indices.map { index in
            Z3Datatype(
                name: declarations[index].name,
                sort: sorts[index],
                constructors: try zip(declarations[index].constructors, constructors[index]).map { try queryConstructor($0, $1) }
            )
        }
    }

    private func makeConstructor(
        _ constructor: Z3DatatypeDeclaration.Constructor, indexByName: [String: Int]
    ) throws -> Z3_constructor {
        let operation = "mk_constructor"
        let name = try symbol(constructor.name)
        let recognizer = try symbol("is-" + constructor.name)
        let fieldNames: [Z3_symbol?] = try constructor.fields.map { try symbol($0.name) }
        var sorts: [Z3_sort?] = []
        var references: [UInt32] = []
        for field in constructor.fields {
            switch field.sort {
            case .sort(let sort):
                try requireOwn([sort.context], operation)
                sorts.append(sort.raw)
                references.append(0)
            case .datatype(let datatype):
                guard let index = indexByName[datatype] else {
                    throw Z3Error(
                        code: .invalidArgument,
                        message: "Z3Kit: field \(field.name) of \(constructor.name) refers to undeclared datatype \(datatype)",
                        operation: operation
                    )
                }
                sorts.append(nil)
                references.append(UInt32(index))
            }
        }
        return try make(operation) {
            Z3_mk_constructor($0, name, recognizer, UInt32(fieldNames.count), fieldNames, sorts, &references)
        }
    }

    /// Reads a declared constructor's functions, taking a reference to each before the next call.
    private func queryConstructor(
        _ declaration: Z3DatatypeDeclaration.Constructor, _ constructor: Z3_constructor
    ) throws -> Z3DatatypeConstructor {
        let count = declaration.fields.count
        var function: Z3_func_decl?
        var tester: Z3_func_decl?
        var accessors = [Z3_func_decl?](repeating: nil, count: count)
        try call("query_constructor") {
            Z3_query_constructor($0, constructor, UInt32(count), &function, &tester, &accessors)
        }
        guard let function, let tester, accessors.allSatisfy({ $0 != nil }) else {
            throw Z3Error(code: .exception, message: "Z3 returned a null declaration", operation: "query_constructor")
        }
        return Z3DatatypeConstructor(
            name: declaration.name,
            function: Z3FunctionDecl(context: self, raw: function),
            tester: Z3FunctionDecl(context: self, raw: tester),
            fieldNames: declaration.fields.map(\.name),
            accessors: accessors.compactMap { $0.map { Z3FunctionDecl(context: self, raw: $0) } }
        )
    }
}

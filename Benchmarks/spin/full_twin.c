/* The full SPIN twin of explore's reference workload (compare-full.sh): the programs, their
 * renders, every render's identities, R7 retention with the outermost lazy container, R8's
 * undefined renders and identity-determines-state on every leaf, all computed here from the rules
 * (docs/rules.md, docs/model.md), without explore's tables. pan includes this file (gcc -include)
 * and calls twin_enabled and twin_fire from full_twin.pml, one do loop whose branch k is
 * `atomic { c_expr { guard k } -> c_code { fire k } }`.
 *
 * Bounds (Bounds.enumeratedTrees of `explore --branching 3 --view-types 4 --modifier-types 3`):
 * spine programs of at most DEPTH levels (one compound child per construct; tuple siblings are a
 * Counter or an optional Counter, the other arm of an if/else is a Counter), containers {VStack,
 * LazyVStack}, 3 modifiers with values {0, 1}, ForEach over identifiable, self, indices and
 * constant ranges with distinct keys {0, 1} (offsets 0..2 for indices and ranges) and rows sharing
 * one content render, .id values {0, 1}, AnyView of its content, initial value 0, rule set
 * `runtime`, one step (a render, then any render of the same program).
 *
 * Identities. Under the runtime rules a stateful leaf's identity is the sequence of elements on
 * its path (R2 slot, R3 some, R4 arm, R5 erased type, R6 explicit(k), R8 key(k), modifier,
 * container kind, then the leaf's type). Within one spine program every element but the arm, the
 * slot, the .id value and the ForEach key is fixed by the position, so an identity is the
 * position plus those choices; the twin numbers them densely (mixed radix, `ident` below), which
 * is injective: two leaves share a number iff they share an identity. A set of identities is
 * WORDS 32-bit words.
 *
 * A state is (render g, alive, values) as in explore; SPIN's state vector also holds `expand`,
 * whether the state is an initial state (a function of the other fields, so it merges nothing
 * apart), since explore --steps 1 expands initial states only. */

#ifndef DEPTH
#define DEPTH 4
#endif
#ifndef WORDS
#define WORDS 1
#endif
#define BRANCHING 3
#define VIEW_TYPES 4
#define MODIFIER_TYPES 3
#define KEY_VALUES 2
#define INITIAL_VALUES 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_STATEFUL, K_CONTAINER, K_TUPLE, K_COND, K_OPTIONAL, K_FOREACH, K_ID, K_MODIFIED, K_ANYVIEW };
enum { S_IDENTIFIABLE, S_SELF, S_INDICES, S_RANGE };

/* One construct of a spine, with the sizes of the sub-program it roots. */
typedef struct {
    unsigned char kind;
    /* container: lazy; tuple: children; cond: compound child is the `then` arm; foreach: source;
       modified: modifier. */
    unsigned char a;
    /* tuple: the compound child's slot. */
    unsigned char slot;
    /* tuple: bit i set if the i-th sibling (in slot order) is optional. */
    unsigned char optional;
    /* Renders and identities of the sub-program rooted here. */
    unsigned int renders, idents;
    /* A constant-range ForEach at or below this level. */
    unsigned char range_below;
} Level;

typedef struct {
    Level lv[DEPTH];
    unsigned char levels;
    /* The outermost LazyVStack (R7: its item cache holds the retained states), or -1. */
    signed char lazy;
} Program;

static Program *twin_program;
static unsigned int *twin_render_start; /* program p's renders are render_start[p] ..< [p+1] */
static unsigned int twin_program_count, twin_render_count, twin_max_renders, twin_max_idents;

/* The distinct-key sequences of an identifiable or self ForEach (keySequences), non-empty ones. */
static unsigned char twin_keys[64][BRANCHING];
static unsigned char twin_key_len[64];
static unsigned int twin_key_seqs;

static unsigned int key_range(unsigned char source) { return source >= S_INDICES ? BRANCHING : KEY_VALUES; }
static unsigned int sequences(unsigned char source) { return source >= S_INDICES ? BRANCHING : twin_key_seqs; }

/* Sizes of level 0 of `pg`, whose levels 1.. are set. */
static void size_top(Program *pg) {
    Level *l = &pg->lv[0];
    const Level *c = pg->levels > 1 ? &pg->lv[1] : NULL;
    unsigned int cr = c ? c->renders : 0, cn = c ? c->idents : 0;
    l->range_below = c ? c->range_below : 0;
    switch (l->kind) {
    case K_STATEFUL: l->renders = INITIAL_VALUES; l->idents = 1; break;
    case K_CONTAINER: case K_ANYVIEW: l->renders = cr; l->idents = cn; break;
    case K_MODIFIED: l->renders = 2 * cr; l->idents = cn; break;
    case K_ID: l->renders = KEY_VALUES * cr; l->idents = KEY_VALUES * cn; break;
    case K_OPTIONAL: l->renders = 1 + cr; l->idents = cn; break;
    case K_COND: l->renders = cr + INITIAL_VALUES; l->idents = cn + 1; break;
    case K_FOREACH:
        l->renders = 1 + sequences(l->a) * cr;
        l->idents = key_range(l->a) * cn;
        l->range_below |= l->a == S_RANGE;
        break;
    case K_TUPLE: {
        unsigned int r = cr;
        for (unsigned int i = 0; i + 1 < l->a; i++) r *= (l->optional >> i & 1) ? 1 + INITIAL_VALUES : INITIAL_VALUES;
        l->renders = r;
        l->idents = cn + l->a - 1;
        break;
    }
    }
}

static unsigned int twin_capacity;

static void add_program(const Program *pg) {
    if (twin_program_count == twin_capacity) {
        twin_capacity = twin_capacity ? 2 * twin_capacity : 1024;
        twin_program = realloc(twin_program, twin_capacity * sizeof(Program));
        if (!twin_program) { fprintf(stderr, "full twin: out of memory\n"); exit(2); }
    }
    twin_program[twin_program_count++] = *pg;
}

/* `child` under a new top construct. */
static void wrap(const Program *child, unsigned char kind, unsigned char a, unsigned char slot, unsigned char optional) {
    Program pg;
    memset(&pg, 0, sizeof pg);
    pg.levels = child->levels + 1;
    memcpy(&pg.lv[1], child->lv, child->levels * sizeof(Level));
    pg.lv[0].kind = kind;
    pg.lv[0].a = a;
    pg.lv[0].slot = slot;
    pg.lv[0].optional = optional;
    pg.lazy = kind == K_CONTAINER && a ? 0 : child->lazy < 0 ? -1 : child->lazy + 1;
    size_top(&pg);
    add_program(&pg);
}

/* ProgramEnumerator.wrappers(of:), in its order. */
static void wrappers(const Program *child) {
    int tuple = child->lv[0].kind == K_TUPLE;
    wrap(child, K_CONTAINER, 0, 0, 0);
    wrap(child, K_CONTAINER, 1, 0, 0);
    if (!tuple)
        for (unsigned int count = 2; count <= BRANCHING; count++)
            for (unsigned int slot = 0; slot < count; slot++)
                for (unsigned int choice = 0; choice < 1u << (count - 1); choice++)
                    wrap(child, K_TUPLE, count, slot, choice);
    wrap(child, K_COND, 1, 0, 0);
    wrap(child, K_COND, 0, 0, 0);
    wrap(child, K_OPTIONAL, 0, 0, 0);
    for (unsigned char source = S_IDENTIFIABLE; source <= S_RANGE; source++) wrap(child, K_FOREACH, source, 0, 0);
    if (!tuple) {
        wrap(child, K_ID, 0, 0, 0);
        for (unsigned char m = 0; m < MODIFIER_TYPES; m++) wrap(child, K_MODIFIED, m, 0, 0);
        wrap(child, K_ANYVIEW, 0, 0, 0);
    }
}

/* keySequences of an identifiable or self ForEach: distinct keys, by length, each length's
   sequences extending the shorter ones in order. */
static void key_sequences(void) {
    unsigned int n = 0, start, end;
    for (unsigned char key = 0; key < KEY_VALUES; key++) {
        twin_keys[n][0] = key;
        twin_key_len[n++] = 1;
    }
    start = 0;
    end = n;
    for (unsigned int len = 2; len <= BRANCHING && len <= KEY_VALUES; len++) {
        for (unsigned int s = start; s < end; s++)
            for (unsigned char key = 0; key < KEY_VALUES; key++) {
                int used = 0;
                for (unsigned int i = 0; i < len - 1; i++) used |= twin_keys[s][i] == key;
                if (used) continue;
                memcpy(twin_keys[n], twin_keys[s], len - 1);
                twin_keys[n][len - 1] = key;
                twin_key_len[n++] = (unsigned char) len;
            }
        start = end;
        end = n;
    }
    twin_key_seqs = n;
}

/* ProgramEnumerator.programs(): leaves, then the wrappers of every program one level lower. */
static void twin_build(void) {
    if (twin_program) return;
    key_sequences();

    Program leaf;
    memset(&leaf, 0, sizeof leaf);
    leaf.levels = 1;
    leaf.lazy = -1;
    leaf.lv[0].kind = K_STATEFUL;
    size_top(&leaf);
    /* One program per view type. The type is not stored: within one program it is fixed at each
       position, so it never tells two identities apart, and states never cross programs. */
    for (unsigned char type = 0; type < VIEW_TYPES; type++) add_program(&leaf);
    /* programs(d) = the leaves, then the wrappers of each program of programs(d - 1). */
    for (unsigned int depth = 2; depth <= DEPTH; depth++) {
        unsigned int lower = twin_program_count;
        for (unsigned int p = 0; p < lower; p++) {
            /* Copy: wrappers() may move the array. */
            Program child = twin_program[p];
            wrappers(&child);
        }
        /* Keep the order programs(depth) = leaves + wrappers(of: programs(depth - 1)): the lower
           programs' wrappers replace the list from the leaves on. */
        memmove(&twin_program[VIEW_TYPES], &twin_program[lower], (twin_program_count - lower) * sizeof(Program));
        twin_program_count = VIEW_TYPES + twin_program_count - lower;
    }
    twin_render_start = malloc((twin_program_count + 1) * sizeof(unsigned int));
    twin_render_start[0] = 0;
    for (unsigned int p = 0; p < twin_program_count; p++) {
        unsigned int r = twin_program[p].lv[0].renders, n = twin_program[p].lv[0].idents;
        twin_render_start[p + 1] = twin_render_start[p] + r;
        if (r > twin_max_renders) twin_max_renders = r;
        if (n > twin_max_idents) twin_max_idents = n;
    }
    twin_render_count = twin_render_start[twin_program_count];
    if (twin_max_idents > 32 * WORDS) {
        fprintf(stderr, "full twin: %u identities in one program; WORDS=%d holds %d\n", twin_max_idents, WORDS, 32 * WORDS);
        exit(2);
    }
}

#ifndef FULL_TWIN_SIZES
/* pan's error report: counts the error and, with -c1, stops the search. */
extern void (*uerror)(char *);

typedef struct { unsigned int w[WORDS]; } Bits;

static inline void bit_set(Bits *b, unsigned int i) { b->w[i >> 5] |= 1u << (i & 31); }
static inline int bit_has(const Bits *b, unsigned int i) { return b->w[i >> 5] >> (i & 31) & 1; }

/* What rendering one render gives. */
typedef struct {
    Bits rendered;
    /* Rendered identities whose fresh state starts from 1 (initial value 1; none at these bounds). */
    Bits ones;
    /* Identities below a rendered instance of the outermost lazy container: a retained state of
       theirs survives the render (R7: it lives in that container's item cache). */
    Bits covered;
    /* Two views with one identity (undefined behaviour; impossible with distinct keys). */
    int duplicate;
} Walk;

static void stateful(Walk *w, unsigned int id, unsigned int initial) {
    if (bit_has(&w->rendered, id)) w->duplicate = 1;
    bit_set(&w->rendered, id);
    if (initial == 1) bit_set(&w->ones, id);
}

/* Renders level j of pg with render number k, its identities numbered from `base` (ident). */
static void walk(const Program *pg, unsigned int j, unsigned int k, unsigned int base, Walk *w) {
    const Level *l = &pg->lv[j];
    const Level *c = &pg->lv[j + 1];
    switch (l->kind) {
    case K_STATEFUL: stateful(w, base, k); return;
    case K_CONTAINER:
        if ((int) j == pg->lazy)
            for (unsigned int i = base; i < base + l->idents; i++) bit_set(&w->covered, i);
        walk(pg, j + 1, k, base, w);
        return;
    case K_ANYVIEW: walk(pg, j + 1, k, base, w); return;
    case K_MODIFIED: walk(pg, j + 1, k % c->renders, base, w); return;
    case K_ID: walk(pg, j + 1, k % c->renders, base + k / c->renders * c->idents, w); return;
    case K_OPTIONAL: if (k > 0) walk(pg, j + 1, k - 1, base, w); return;
    case K_COND:
        if (l->a) { /* if child else Counter: the then arm's identities first */
            if (k < c->renders) walk(pg, j + 1, k, base, w);
            else stateful(w, base + c->idents, k - c->renders);
        } else {    /* if Counter else child */
            if (k < INITIAL_VALUES) stateful(w, base, k);
            else walk(pg, j + 1, k - INITIAL_VALUES, base + 1, w);
        }
        return;
    case K_TUPLE: {
        /* The last child's choice varies fastest; identities by slot. */
        unsigned int digit[BRANCHING];
        for (int i = l->a - 1; i >= 0; i--) {
            unsigned int radix;
            if (i == l->slot) radix = c->renders;
            else radix = (l->optional >> (i < l->slot ? i : i - 1) & 1) ? 1 + INITIAL_VALUES : INITIAL_VALUES;
            digit[i] = k % radix;
            k /= radix;
        }
        unsigned int id = base;
        for (unsigned int i = 0; i < l->a; i++) {
            if (i == l->slot) {
                walk(pg, j + 1, digit[i], id, w);
                id += c->idents;
            } else {
                int optional = l->optional >> (i < l->slot ? i : i - 1) & 1;
                if (!optional) stateful(w, id, digit[i]);
                else if (digit[i] > 0) stateful(w, id, digit[i] - 1);
                id++;
            }
        }
        return;
    }
    case K_FOREACH: {
        if (k == 0) return;
        unsigned int seq = (k - 1) / c->renders, row = (k - 1) % c->renders;
        if (l->a >= S_INDICES) {
            for (unsigned int offset = 0; offset <= seq; offset++) walk(pg, j + 1, row, base + offset * c->idents, w);
        } else {
            for (unsigned int i = 0; i < twin_key_len[seq]; i++) walk(pg, j + 1, row, base + twin_keys[seq][i] * c->idents, w);
        }
        return;
    }
    }
}

/* A constant-range ForEach of a render: (level, its identity's number, rows). */
typedef struct { unsigned int level, base, rows; } Range;

/* The constant-range ForEaches of level j and below, rendered with k. */
static unsigned int ranges(const Program *pg, unsigned int j, unsigned int k, unsigned int base, Range *out, unsigned int n) {
    const Level *l = &pg->lv[j];
    if (!l->range_below) return n;
    const Level *c = &pg->lv[j + 1];
    switch (l->kind) {
    case K_CONTAINER: case K_ANYVIEW: return ranges(pg, j + 1, k, base, out, n);
    case K_MODIFIED: return ranges(pg, j + 1, k % c->renders, base, out, n);
    case K_ID: return ranges(pg, j + 1, k % c->renders, base + k / c->renders * c->idents, out, n);
    case K_OPTIONAL: return k > 0 ? ranges(pg, j + 1, k - 1, base, out, n) : n;
    case K_COND:
        if (l->a) return k < c->renders ? ranges(pg, j + 1, k, base, out, n) : n;
        return k >= INITIAL_VALUES ? ranges(pg, j + 1, k - INITIAL_VALUES, base + 1, out, n) : n;
    case K_TUPLE: {
        unsigned int id = base, digit = k;
        for (int i = l->a - 1; i > (int) l->slot; i--) digit /= (l->optional >> (i - 1) & 1) ? 1 + INITIAL_VALUES : INITIAL_VALUES;
        for (unsigned int i = 0; i < l->slot; i++) id++;
        return ranges(pg, j + 1, digit % c->renders, id, out, n);
    }
    case K_FOREACH: {
        unsigned int rows = 0, seq = 0, row = 0;
        if (k > 0) {
            seq = (k - 1) / c->renders;
            row = (k - 1) % c->renders;
            rows = l->a >= S_INDICES ? seq + 1 : twin_key_len[seq];
        }
        if (l->a == S_RANGE) out[n++] = (Range) { j, base, rows };
        for (unsigned int i = 0; i < rows; i++) {
            unsigned int key = l->a >= S_INDICES ? i : twin_keys[seq][i];
            n = ranges(pg, j + 1, row, base + key * c->idents, out, n);
        }
        return n;
    }
    default: return n;
    }
}

/* R8: rendering k after r is undefined if a constant-range ForEach of both changed its rows. */
static int twin_undefined(const Program *pg, unsigned int r, unsigned int k) {
    if (!pg->lv[0].range_below) return 0;
    Range before[64], after[64];
    unsigned int nb = ranges(pg, 0, r, 0, before, 0), na = ranges(pg, 0, k, 0, after, 0);
    for (unsigned int i = 0; i < na; i++)
        for (unsigned int j = 0; j < nb; j++)
            if (after[i].level == before[j].level && after[i].base == before[j].base && after[i].rows != before[j].rows) return 1;
    return 0;
}

/* The program of global render g. */
static unsigned int program_of(unsigned int g) {
    unsigned int lo = 0, hi = twin_program_count;
    while (hi - lo > 1) {
        unsigned int mid = (lo + hi) / 2;
        if (twin_render_start[mid] <= g) lo = mid; else hi = mid;
    }
    return lo;
}

static void render(const Program *pg, unsigned int k, Walk *w) {
    memset(w, 0, sizeof *w);
    walk(pg, 0, k, 0, w);
    if (w->duplicate) uerror("full twin: two views share an identity (not in these bounds)");
}

static int twin_enabled(int k, unsigned char phase, short hi, short mid, int p, int r, unsigned char expand) {
    twin_build();
    switch (phase) {
    case 0: return (unsigned int) k * TWIN_BASE * TWIN_BASE < twin_render_count;
    case 1: return ((unsigned int) hi * TWIN_BASE + (unsigned int) k) * TWIN_BASE < twin_render_count;
    case 2: return ((unsigned int) hi * TWIN_BASE + (unsigned int) mid) * TWIN_BASE + (unsigned int) k < twin_render_count;
    default: {
        const Program *pg = &twin_program[p];
        return expand && (unsigned int) k < pg->lv[0].renders
            && !twin_undefined(pg, (unsigned int) r - twin_render_start[p], (unsigned int) k);
    }
    }
}

static void twin_fire(int k, unsigned char *phase, short *hi, short *mid, int *p, int *r, unsigned char *expand, int *alive, int *values) {
    Walk w;
    switch (*phase) {
    case 0: *hi = (short) k; *phase = 1; return;
    case 1: *mid = (short) k; *phase = 2; return;
    case 2: {
        unsigned int g = ((unsigned int) *hi * TWIN_BASE + (unsigned int) *mid) * TWIN_BASE + (unsigned int) k;
        *p = (int) program_of(g);
        *r = (int) g;
        render(&twin_program[*p], g - twin_render_start[*p], &w);
        for (int i = 0; i < WORDS; i++) {
            alive[i] = (int) w.rendered.w[i];
            values[i] = (int) w.ones.w[i];
        }
        *expand = 1;
        *hi = 0;
        *mid = 0;
        *phase = 3;
        return;
    }
    default: {
        render(&twin_program[*p], (unsigned int) k, &w);
        Bits old_alive, old_values, new_alive, new_values;
        int initial = 1;
        for (int i = 0; i < WORDS; i++) {
            old_alive.w[i] = (unsigned int) alive[i];
            old_values.w[i] = (unsigned int) values[i];
            /* R1, R7: rendered identities live; a removed one lives on in its rendered container's cache. */
            new_alive.w[i] = w.rendered.w[i] | (old_alive.w[i] & w.covered.w[i]);
            /* A surviving state keeps its value; a new one starts from its initial value. */
            new_values.w[i] = (old_values.w[i] & old_alive.w[i] & new_alive.w[i]) | (w.ones.w[i] & ~old_alive.w[i]);
            initial &= new_alive.w[i] == w.rendered.w[i] && new_values.w[i] == w.ones.w[i];
        }
        /* identity-determines-state, on every rendered leaf. */
        for (int i = 0; i < WORDS; i++) {
            unsigned int leaves = w.rendered.w[i];
            while (leaves) {
                unsigned int b = (unsigned int) __builtin_ctz(leaves);
                leaves &= leaves - 1;
                int expected = (old_alive.w[i] >> b & 1) ? (int) (old_values.w[i] >> b & 1) : (int) (w.ones.w[i] >> b & 1);
                if ((int) (new_values.w[i] >> b & 1) != expected) uerror("identity-determines-state violated");
            }
        }
        for (int i = 0; i < WORDS; i++) {
            alive[i] = (int) new_alive.w[i];
            values[i] = (int) new_values.w[i];
        }
        *r = (int) (twin_render_start[*p] + (unsigned int) k);
        *expand = (unsigned char) initial;
        return;
    }
    }
}
#else
/* The sizes compare-full.sh needs to write full_twin.pml: programs, renders, the most renders and
   identities of one program. */
int main(void) {
    twin_build();
    printf("%u %u %u %u\n", twin_program_count, twin_render_count, twin_max_renders, twin_max_idents);
    return 0;
}
#endif

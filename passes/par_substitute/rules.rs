//! The rewrite rules of `par-substitute`, in topic tables, each with its soundness argument; the unit
//! tests (`tests.rs`) check every rule numerically on random tensors with a reference evaluator.
//!
//! - layout: `transpose-compose` (two transposes are one, none when they cancel),
//!   `transpose-into-contract-lhs`/`-rhs` (a transposed operand is the same contraction with its
//!   letters permuted), `contract-absorbs-transpose` (a transposed result likewise), `slice-of-slice`
//!   (offsets along one dim add up);
//! - reshapes: `collapse-of-expand`, `expand-of-collapse` (row-major reshapes over the same groups
//!   undo each other), `contract-through-collapse-lhs`/`-rhs` (a collapsed operand's letter split
//!   into one letter per collapsed dim);
//! - elementwise: `transpose-through-add`, `collapse-through-add`, `expand-through-add` and their
//!   inverses `add-of-transposes`, `add-of-collapses`, `add-of-expands` (a layout change of a sum is
//!   the sum of the changed operands: it sinks through the add toward a contraction it folds into);
//! - distribution: `contract-over-concat-lhs`/`-rhs` (a contraction of a concatenated operand is the
//!   concatenation of the contractions of its parts along a free dim, the sum of them along a reduced
//!   dim, the other operand sliced where it shares the dim), and the inverses
//!   `concat-of-contractions-lhs`/`-rhs` (shared operand) and `add-of-contractions` (both operands
//!   concatenated along one reduced dim);
//! - association: `contract-reassociate` (`(a·b)·c` is `a·(b·c)`: extraction picks the order with
//!   fewer FLOPs);
//! - siblings: `merge-sibling-contractions-lhs`/`-rhs`: two contractions of one signature that share
//!   an operand and whose other operands differ only along one free dim of the result (Q/K/V, gate/up)
//!   are one contraction over the concatenated operand, each result a slice of it. The separate
//!   contractions stay in the e-graph: extraction chooses split or merged.

use super::lang::{atoms, parse_perm, perm_symbol, shape, text, Data, Flex, Graph, Meta, Sig};
use egg::{rewrite, Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};

/// The first stage's rules: layout, reshapes and siblings.
pub fn base_rules() -> Vec<Rewrite<Flex, Meta>> {
    let mut rules = layout();
    rules.extend(reshapes());
    rules.extend(siblings());
    rules
}

/// Every rule, by topic.
pub fn rules() -> Vec<Rewrite<Flex, Meta>> {
    let mut rules = base_rules();
    rules.extend(elementwise());
    rules.extend(distribution());
    rules.extend(association());
    rules
}

/// Layout changes and elementwise sums commute. Sinking is sound for any operands (both have the
/// add's shape, and a transpose or a row-major reshape moves the same elements of each); hoisting
/// needs both operands of one shape before the change, which a transpose and an expansion imply (an
/// expansion's source is its target collapsed) and a collapse does not (`2×3` and `3×2` both collapse
/// to `6`): `add-of-collapses` checks it.
pub fn elementwise() -> Vec<Rewrite<Flex, Meta>> {
    vec![
        rewrite!("transpose-through-add"; "(transpose ?p (add ?a ?b))"
            => "(add (transpose ?p ?a) (transpose ?p ?b))"),
        rewrite!("add-of-transposes"; "(add (transpose ?p ?a) (transpose ?p ?b))"
            => "(transpose ?p (add ?a ?b))"),
        rewrite!("collapse-through-add"; "(collapse ?g (add ?a ?b))"
            => "(add (collapse ?g ?a) (collapse ?g ?b))"),
        rewrite!("add-of-collapses"; "(add (collapse ?g ?a) (collapse ?g ?b))"
            => "(collapse ?g (add ?a ?b))" if same_shape("?a", "?b")),
        rewrite!("expand-through-add"; "(expand ?g ?s (add ?a ?b))"
            => "(add (expand ?g ?s ?a) (expand ?g ?s ?b))"),
        rewrite!("add-of-expands"; "(add (expand ?g ?s ?a) (expand ?g ?s ?b))"
            => "(expand ?g ?s (add ?a ?b))"),
    ]
}

fn same_shape(a: &str, b: &str) -> impl Fn(&mut Graph, Id, &Subst) -> bool {
    let (a, b) = (var(a), var(b));
    move |egraph, _, subst| matches!((shape(egraph, subst[a]), shape(egraph, subst[b])), (Some(x), Some(y)) if x == y)
}

pub fn distribution() -> Vec<Rewrite<Flex, Meta>> {
    vec![
        rewrite!("contract-over-concat-lhs"; "(contract ?s (concat ?ax ?a1 ?a2) ?y)"
            => { Distribute { lhs: true } }),
        rewrite!("contract-over-concat-rhs"; "(contract ?s ?y (concat ?ax ?a1 ?a2))"
            => { Distribute { lhs: false } }),
        rewrite!("concat-of-contractions-lhs"; "(concat ?ax (contract ?s ?a1 ?y) (contract ?s ?a2 ?y))"
            => { ConcatOfContractions { lhs: true } }),
        rewrite!("concat-of-contractions-rhs"; "(concat ?ax (contract ?s ?y ?a1) (contract ?s ?y ?a2))"
            => { ConcatOfContractions { lhs: false } }),
        rewrite!("add-of-contractions"; "(add (contract ?s ?a1 ?b1) (contract ?s ?a2 ?b2))"
            => { AddOfContractions }),
    ]
}

pub fn association() -> Vec<Rewrite<Flex, Meta>> {
    vec![
        rewrite!("contract-reassociate"; "(contract ?t (contract ?s ?a ?b) ?c)" => { Reassociate }),
    ]
}

fn num(egraph: &mut Graph, n: usize) -> Id {
    egraph.add(Flex::Num(n as i64))
}

fn contract(egraph: &mut Graph, sig: &Sig, a: Id, b: Id) -> Id {
    let s = egraph.add(Flex::Sym(sig.symbol()));
    egraph.add(Flex::Contract([s, a, b]))
}

/// `C(concat_k(a1, a2), y)` where `a`'s dim `k` has letter `l` (`n1` rows from `a1`, `n2` from
/// `a2`): every term of the sum reads `a` at one value of `l`, from `a1` below `n1`, from `a2` above.
/// Where the result has `l`, its rows split the same way: the concatenation of the two contractions
/// along `l`'s result dim. Where it does not, the sum over `l` splits into the sum below `n1` and the
/// sum above: the add of the two. Where `y` reads `l` too, each part reads `y`'s rows of its range.
struct Distribute {
    lhs: bool,
}

impl Applier<Flex, Meta> for Distribute {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (a1, a2, y) = (subst[var("?a1")], subst[var("?a2")], subst[var("?y")]);
        let (Some(s), Some(axis), Some(s1), Some(_)) = (
            sig(egraph, subst[var("?s")]),
            super::lang::int(egraph, subst[var("?ax")]).and_then(|a| usize::try_from(a).ok()),
            shape(egraph, a1).map(<[u64]>::to_vec),
            shape(egraph, y),
        ) else {
            return vec![];
        };
        let (concatenated, other) = if self.lhs { (&s.a, &s.b) } else { (&s.b, &s.a) };
        let Some(&letter) = concatenated.get(axis) else {
            return vec![];
        };
        let n1 = s1[axis] as usize;
        let Some(total) = shape(egraph, eclass)
            .zip(s.out.iter().position(|&l| l == letter))
            .map(|(out, k)| out[k] as usize)
            .or_else(|| {
                // A reduced letter: its extent is the concatenation's.
                let a = subst[var("?a2")];
                shape(egraph, a).map(|s2| n1 + s2[axis] as usize)
            })
        else {
            return vec![];
        };
        let (y1, y2) = match other.iter().position(|&l| l == letter) {
            Some(k) => {
                let (axis, zero, mid, end) = (
                    num(egraph, k),
                    num(egraph, 0),
                    num(egraph, n1),
                    num(egraph, total),
                );
                (
                    egraph.add(Flex::Slice([axis, zero, mid, y])),
                    egraph.add(Flex::Slice([axis, mid, end, y])),
                )
            }
            None => (y, y),
        };
        let (c1, c2) = if self.lhs {
            (contract(egraph, &s, a1, y1), contract(egraph, &s, a2, y2))
        } else {
            (contract(egraph, &s, y1, a1), contract(egraph, &s, y2, a2))
        };
        let node = match s.out.iter().position(|&l| l == letter) {
            Some(k) => {
                let k = num(egraph, k);
                egraph.add(Flex::Concat([k, c1, c2]))
            }
            None => egraph.add(Flex::Add([c1, c2])),
        };
        if !known(&egraph[node].data) {
            return vec![];
        }
        union_with(egraph, eclass, node)
    }
}

/// The inverse of distribution along a free dim: two contractions of one signature sharing `y`,
/// concatenated along the result dim of a letter that only the unshared operand reads, are the
/// contraction of the concatenated operands (the condition of [`mergeable`], without the
/// original-value order it uses to visit each sibling pair once).
struct ConcatOfContractions {
    lhs: bool,
}

impl Applier<Flex, Meta> for ConcatOfContractions {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (a1, a2, y) = (subst[var("?a1")], subst[var("?a2")], subst[var("?y")]);
        let (Some(s), Some(axis)) = (
            sig(egraph, subst[var("?s")]),
            super::lang::int(egraph, subst[var("?ax")]).and_then(|a| usize::try_from(a).ok()),
        ) else {
            return vec![];
        };
        let (unshared, shared) = if self.lhs { (&s.a, &s.b) } else { (&s.b, &s.a) };
        let Some(&letter) = s.out.get(axis) else {
            return vec![];
        };
        let Some(k) = unshared.iter().position(|&l| l == letter) else {
            return vec![];
        };
        if shared.contains(&letter) {
            return vec![];
        }
        let alike = match (shape(egraph, a1), shape(egraph, a2)) {
            (Some(x), Some(z)) => {
                x.len() == z.len() && (0..x.len()).all(|d| d == k || x[d] == z[d])
            }
            _ => false,
        };
        if !alike {
            return vec![];
        }
        let k = num(egraph, k);
        let a = egraph.add(Flex::Concat([k, a1, a2]));
        let node = if self.lhs {
            contract(egraph, &s, a, y)
        } else {
            contract(egraph, &s, y, a)
        };
        union_with(egraph, eclass, node)
    }
}

/// The inverse of distribution along a reduced dim: `C(a1, b1) + C(a2, b2)` of one signature, where
/// a reduced letter `l` is read by both operands and the parts agree on every other dim, is the
/// contraction of `a1 ⧺ a2` and `b1 ⧺ b2` along `l`: its sum over `l` is the sum over the first
/// part's range plus the sum over the second's.
struct AddOfContractions;

impl Applier<Flex, Meta> for AddOfContractions {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let [a1, a2, b1, b2] = ["?a1", "?a2", "?b1", "?b2"].map(|v| subst[var(v)]);
        let Some(s) = sig(egraph, subst[var("?s")]) else {
            return vec![];
        };
        let shapes = [a1, a2, b1, b2].map(|id| shape(egraph, id).map(<[u64]>::to_vec));
        let [Some(sa1), Some(sa2), Some(sb1), Some(sb2)] = shapes else {
            return vec![];
        };
        let agree = |x: &[u64], z: &[u64], k: usize| {
            x.len() == z.len() && (0..x.len()).all(|d| d == k || x[d] == z[d])
        };
        let found = s.a.iter().enumerate().find_map(|(ka, &l)| {
            let kb = s.b.iter().position(|&m| m == l)?;
            let fits = !s.out.contains(&l)
                && agree(&sa1, &sa2, ka)
                && agree(&sb1, &sb2, kb)
                && sa1[ka] == sb1[kb]
                && sa2[ka] == sb2[kb];
            fits.then_some((ka, kb))
        });
        let Some((ka, kb)) = found else {
            return vec![];
        };
        let (ka, kb) = (num(egraph, ka), num(egraph, kb));
        let a = egraph.add(Flex::Concat([ka, a1, a2]));
        let b = egraph.add(Flex::Concat([kb, b1, b2]));
        let node = contract(egraph, &s, a, b);
        union_with(egraph, eclass, node)
    }
}

/// `D = C_t(C_s(a, b), c)` sums `a · b · c` over every letter not in `D`'s result, once `s`'s letters
/// are renamed into `t`'s (the inner result's dims take the letters `t` gives them, the inner
/// reduced letters fresh ones). Summing `b · c` first over the letters neither `a` nor the result
/// reads, then `a` with that, is the same sum: `C(a, C(b, c))`.
struct Reassociate;

impl Applier<Flex, Meta> for Reassociate {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (a, b, c) = (subst[var("?a")], subst[var("?b")], subst[var("?c")]);
        let (Some(s), Some(t)) = (sig(egraph, subst[var("?s")]), sig(egraph, subst[var("?t")]))
        else {
            return vec![];
        };
        if s.out.len() != t.a.len() {
            return vec![];
        }
        // `s`'s letters in `t`'s alphabet.
        let mut used: Vec<u8> = t.a.iter().chain(&t.b).chain(&t.out).copied().collect();
        let mut rename = std::collections::HashMap::new();
        for (&inner, &outer) in s.out.iter().zip(&t.a) {
            rename.insert(inner, outer);
        }
        for &l in s.a.iter().chain(&s.b) {
            if rename.contains_key(&l) {
                continue;
            }
            let Some(fresh) = (b'a'..=b'z').find(|m| !used.contains(m)) else {
                return vec![];
            };
            used.push(fresh);
            rename.insert(l, fresh);
        }
        let la: Vec<u8> = s.a.iter().map(|l| rename[l]).collect();
        let lb: Vec<u8> = s.b.iter().map(|l| rename[l]).collect();
        // `b · c`'s result: its letters that `a` or the result reads, in first-seen order.
        let mut inner_out = Vec::new();
        for &l in lb.iter().chain(&t.b) {
            if (la.contains(&l) || t.out.contains(&l)) && !inner_out.contains(&l) {
                inner_out.push(l);
            }
        }
        let (Some(inner), Some(outer)) = (
            Sig::parse(&format!(
                "{},{}->{}",
                String::from_utf8_lossy(&lb),
                String::from_utf8_lossy(&t.b),
                String::from_utf8_lossy(&inner_out)
            )),
            Sig::parse(&format!(
                "{},{}->{}",
                String::from_utf8_lossy(&la),
                String::from_utf8_lossy(&inner_out),
                String::from_utf8_lossy(&t.out)
            )),
        ) else {
            return vec![];
        };
        let bc = contract(egraph, &inner, b, c);
        let node = contract(egraph, &outer, a, bc);
        if !known(&egraph[node].data) {
            return vec![];
        }
        union_with(egraph, eclass, node)
    }
}

pub fn layout() -> Vec<Rewrite<Flex, Meta>> {
    vec![
        rewrite!("transpose-compose"; "(transpose ?p (transpose ?q ?x))" => { ComposeTransposes }),
        rewrite!("transpose-into-contract-lhs"; "(contract ?s (transpose ?p ?x) ?y)"
            => { FoldOperandTranspose { lhs: true } }),
        rewrite!("transpose-into-contract-rhs"; "(contract ?s ?y (transpose ?p ?x))"
            => { FoldOperandTranspose { lhs: false } }),
        rewrite!("contract-absorbs-transpose"; "(transpose ?p (contract ?s ?x ?y))"
            => { FoldResultTranspose }),
        rewrite!("slice-of-slice"; "(slice ?a ?l1 ?h1 (slice ?a ?l0 ?h0 ?x))" => { ComposeSlices }),
    ]
}

/// Row-major reshapes: an expansion undoes the collapse it follows (and the reverse), and a
/// contraction reads through a collapse by splitting the collapsed letters (which lets the layout
/// rules reach the transposes torch exports between `expand_shape` and `collapse_shape`).
pub fn reshapes() -> Vec<Rewrite<Flex, Meta>> {
    vec![
        rewrite!("collapse-of-expand"; "(collapse ?g (expand ?g ?s ?x))" => "?x"),
        rewrite!("expand-of-collapse"; "(expand ?g ?s (collapse ?g ?x))" => { ExpandOfCollapse }),
        rewrite!("contract-through-collapse-lhs"; "(contract ?s (collapse ?g ?x) ?y)"
            => { ThroughCollapse { lhs: true } }),
        rewrite!("contract-through-collapse-rhs"; "(contract ?s ?y (collapse ?g ?x))"
            => { ThroughCollapse { lhs: false } }),
    ]
}

/// `expand(g, S, collapse(g, x)) = x` when `x` has shape `S`: both are row-major over the same groups.
struct ExpandOfCollapse;

impl Applier<Flex, Meta> for ExpandOfCollapse {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let x = subst[var("?x")];
        let target =
            text(egraph, subst[var("?s")]).and_then(|s| super::lang::parse_shape(s.as_str()));
        match (target, shape(egraph, x)) {
            (Some(target), Some(actual)) if target == actual => union_with(egraph, eclass, x),
            _ => vec![],
        }
    }
}

/// A collapsed dim `l = Σ_k i_k · stride_k` (row-major over the group's dims) ranges over exactly the
/// tuples `(i_1, ..., i_n)`: the contraction over `x` itself has one letter per dim of the group where
/// the collapsed operand had `l`. The other operand and the result, where they carry `l`, are
/// expanded (respectively collapsed back) the same row-major way.
struct ThroughCollapse {
    lhs: bool,
}

impl Applier<Flex, Meta> for ThroughCollapse {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (x, y) = (subst[var("?x")], subst[var("?y")]);
        let (Some(sig), Some(groups), Some(xs), Some(ys)) = (
            sig(egraph, subst[var("?s")]),
            text(egraph, subst[var("?g")]).and_then(|g| super::lang::parse_groups(g.as_str())),
            shape(egraph, x).map(<[u64]>::to_vec),
            shape(egraph, y).map(<[u64]>::to_vec),
        ) else {
            return vec![];
        };
        let (collapsed, other) = if self.lhs {
            (&sig.a, &sig.b)
        } else {
            (&sig.b, &sig.a)
        };
        if groups.len() != collapsed.len() || groups.iter().all(|g| g.len() == 1) {
            return vec![];
        }
        // Fresh letters for every dim of a group of two or more.
        let mut used: Vec<u8> = sig
            .a
            .iter()
            .chain(&sig.b)
            .chain(&sig.out)
            .copied()
            .collect();
        let mut split: Vec<Vec<u8>> = Vec::new();
        for (group, &letter) in groups.iter().zip(collapsed) {
            if group.len() == 1 {
                split.push(vec![letter]);
                continue;
            }
            let mut fresh = Vec::new();
            for _ in group {
                let Some(l) = (b'a'..=b'z').find(|l| !used.contains(l)) else {
                    return vec![];
                };
                used.push(l);
                fresh.push(l);
            }
            split.push(fresh);
        }
        let expansion = |letter: u8| -> Vec<u8> {
            collapsed
                .iter()
                .position(|&l| l == letter)
                .map_or(vec![letter], |k| split[k].clone())
        };
        let size_of: std::collections::HashMap<u8, u64> = split
            .iter()
            .flatten()
            .copied()
            .zip(xs.iter().copied())
            .collect();
        // The other operand, expanded where it carries a split letter.
        let mut other_groups = Vec::new();
        let mut other_letters = Vec::new();
        let mut other_shape = Vec::new();
        for (k, &letter) in other.iter().enumerate() {
            let letters = expansion(letter);
            let start = other_letters.len();
            other_groups.push((start..start + letters.len()).collect::<Vec<usize>>());
            for &l in &letters {
                other_shape.push(if letters.len() == 1 {
                    ys[k]
                } else {
                    size_of[&l]
                });
            }
            other_letters.extend(letters);
        }
        let y2 = if other_letters.len() == other.len() {
            y
        } else {
            let g = egraph.add(Flex::Sym(super::lang::groups_symbol(&other_groups)));
            let s = egraph.add(Flex::Sym(super::lang::shape_symbol(&other_shape)));
            egraph.add(Flex::Expand([g, s, y]))
        };
        let x_letters: Vec<u8> = split.iter().flatten().copied().collect();
        let mut out_groups = Vec::new();
        let mut out_letters = Vec::new();
        for &letter in &sig.out {
            let letters = expansion(letter);
            let start = out_letters.len();
            out_groups.push((start..start + letters.len()).collect::<Vec<usize>>());
            out_letters.extend(letters);
        }
        let (a, b, la, lb) = if self.lhs {
            (x, y2, x_letters, other_letters)
        } else {
            (y2, x, other_letters, x_letters)
        };
        let new_sig = Sig {
            a: la,
            b: lb,
            out: out_letters.clone(),
        };
        let s = egraph.add(Flex::Sym(new_sig.symbol()));
        let c = egraph.add(Flex::Contract([s, a, b]));
        let node = if out_letters.len() == sig.out.len() {
            c
        } else {
            let g = egraph.add(Flex::Sym(super::lang::groups_symbol(&out_groups)));
            egraph.add(Flex::Collapse([g, c]))
        };
        union_with(egraph, eclass, node)
    }
}

pub fn siblings() -> Vec<Rewrite<Flex, Meta>> {
    [0usize, 1]
        .into_iter()
        .map(|shared| {
            let name = [
                "merge-sibling-contractions-lhs",
                "merge-sibling-contractions-rhs",
            ][shared];
            Rewrite::new(name, Siblings { shared }, MergeSiblings { shared })
                .expect("the sibling rule's variables are bound by its searcher")
        })
        .collect()
}

fn var(name: &str) -> Var {
    name.parse().expect("a rule variable")
}

fn perm(egraph: &Graph, id: Id) -> Option<Vec<usize>> {
    parse_perm(text(egraph, id)?.as_str())
}

fn sig(egraph: &Graph, id: Id) -> Option<Sig> {
    Sig::parse(text(egraph, id)?.as_str())
}

/// Adds `node` and unions it with `eclass`; the ids an applier returns.
fn union_with(egraph: &mut Graph, eclass: Id, node: Id) -> Vec<Id> {
    if egraph.union(eclass, node) {
        vec![node]
    } else {
        vec![]
    }
}

/// `T_p(T_q(x))[i]` reads `T_q(x)`'s dim `p[i]`, which is `x`'s dim `q[p[i]]`.
struct ComposeTransposes;

impl Applier<Flex, Meta> for ComposeTransposes {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (Some(p), Some(q)) = (
            perm(egraph, subst[var("?p")]),
            perm(egraph, subst[var("?q")]),
        ) else {
            return vec![];
        };
        if p.len() != q.len() {
            return vec![];
        }
        let x = subst[var("?x")];
        let composed: Vec<usize> = p.iter().map(|&i| q[i]).collect();
        let node = if composed.iter().enumerate().all(|(i, &c)| i == c) {
            x
        } else {
            let p = egraph.add(Flex::Sym(perm_symbol(&composed)));
            egraph.add(Flex::Transpose([p, x]))
        };
        union_with(egraph, eclass, node)
    }
}

/// `slice(a, l1, h1, slice(a, l0, h0, x))` reads `x`'s rows `l0 + l1 .. l0 + h1` along `a`.
struct ComposeSlices;

impl Applier<Flex, Meta> for ComposeSlices {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let get = |name: &str| super::lang::int(egraph, subst[var(name)]);
        let (Some(l0), Some(l1), Some(h1)) = (get("?l0"), get("?l1"), get("?h1")) else {
            return vec![];
        };
        let lo = egraph.add(Flex::Num(l0 + l1));
        let hi = egraph.add(Flex::Num(l0 + h1));
        let node = egraph.add(Flex::Slice([subst[var("?a")], lo, hi, subst[var("?x")]]));
        union_with(egraph, eclass, node)
    }
}

/// `y = T_p(x)` has `y[.., i_k, ..] = x[.., i at dim p[k], ..]`: the letter of `y`'s dim `k` is the
/// letter of `x`'s dim `p[k]`, so the contraction reads `x` directly with letters `l_x[p[k]] = l_y[k]`.
struct FoldOperandTranspose {
    lhs: bool,
}

impl Applier<Flex, Meta> for FoldOperandTranspose {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (Some(mut s), Some(p)) = (
            sig(egraph, subst[var("?s")]),
            perm(egraph, subst[var("?p")]),
        ) else {
            return vec![];
        };
        let letters = if self.lhs { &mut s.a } else { &mut s.b };
        if letters.len() != p.len() {
            return vec![];
        }
        let mut direct = vec![0u8; p.len()];
        for (k, &dim) in p.iter().enumerate() {
            direct[dim] = letters[k];
        }
        *letters = direct;
        let (x, y) = (subst[var("?x")], subst[var("?y")]);
        let s = egraph.add(Flex::Sym(s.symbol()));
        let (a, b) = if self.lhs { (x, y) } else { (y, x) };
        let node = egraph.add(Flex::Contract([s, a, b]));
        union_with(egraph, eclass, node)
    }
}

/// `T_p(C)`'s dim `i` is `C`'s dim `p[i]`: the same contraction with result letters `o[p[i]]`.
struct FoldResultTranspose;

impl Applier<Flex, Meta> for FoldResultTranspose {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (Some(mut s), Some(p)) = (
            sig(egraph, subst[var("?s")]),
            perm(egraph, subst[var("?p")]),
        ) else {
            return vec![];
        };
        if s.out.len() != p.len() {
            return vec![];
        }
        s.out = p.iter().map(|&i| s.out[i]).collect();
        let s = egraph.add(Flex::Sym(s.symbol()));
        let node = egraph.add(Flex::Contract([s, subst[var("?x")], subst[var("?y")]]));
        union_with(egraph, eclass, node)
    }
}

/// Where two sibling contractions meet: the operand dim and the result dim of the one letter the
/// unshared operand gives the result alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeAxes {
    pub operand: usize,
    pub result: usize,
}

/// The named condition of the sibling merge: the unshared operand (`letters`) has exactly one
/// letter that the result has and the shared operand (`shared`) does not; the two unshared operands
/// `w1`, `w2` agree on every other dim, are built from disjoint original values (never a weight with
/// itself), and `w1` comes first in their order (each pair once).
pub fn mergeable(egraph: &Graph, s: &Sig, shared: usize, w1: Id, w2: Id) -> Option<MergeAxes> {
    let (letters, other) = if shared == 0 {
        (&s.b, &s.a)
    } else {
        (&s.a, &s.b)
    };
    let free: Vec<usize> = (0..letters.len())
        .filter(|&k| s.out.contains(&letters[k]) && !other.contains(&letters[k]))
        .collect();
    let [operand] = free[..] else { return None };
    let result = s.out.iter().position(|&l| l == letters[operand])?;
    let (s1, s2) = (shape(egraph, w1)?, shape(egraph, w2)?);
    let alike = s1.len() == s2.len() && (0..s1.len()).all(|d| d == operand || s1[d] == s2[d]);
    let (a1, a2) = (atoms(egraph, w1)?, atoms(egraph, w2)?);
    let ordered = matches!((a1.first(), a2.first()), (Some(x), Some(y)) if x.as_str() < y.as_str());
    (alike && ordered && a1.is_disjoint(a2)).then_some(MergeAxes { operand, result })
}

/// Finds a contraction and a sibling: another contraction of the same signature reading the same
/// e-class at operand `shared`. Binds `?s`, `?x` (shared), `?w1`, `?w2` and `?other` (the sibling's
/// class).
struct Siblings {
    shared: usize,
}

impl Searcher<Flex, Meta> for Siblings {
    fn search_eclass_with_limit(
        &self,
        egraph: &Graph,
        eclass: Id,
        limit: usize,
    ) -> Option<SearchMatches<'_, Flex>> {
        let mut substs = Vec::new();
        for node in &egraph[eclass].nodes {
            let Flex::Contract(children) = node else {
                continue;
            };
            let (s, x, w1) = (
                children[0],
                children[1 + self.shared],
                children[2 - self.shared],
            );
            let Some(signature) = sig(egraph, s) else {
                continue;
            };
            for parent in egraph[x].parents() {
                let parent = egraph.find(parent);
                if parent == eclass {
                    continue;
                }
                for sibling in &egraph[parent].nodes {
                    let Flex::Contract(theirs) = sibling else {
                        continue;
                    };
                    let w2 = theirs[2 - self.shared];
                    if egraph.find(theirs[0]) != egraph.find(s)
                        || egraph.find(theirs[1 + self.shared]) != egraph.find(x)
                        || mergeable(egraph, &signature, self.shared, w1, w2).is_none()
                    {
                        continue;
                    }
                    let mut subst = Subst::default();
                    subst.insert(var("?s"), s);
                    subst.insert(var("?x"), x);
                    subst.insert(var("?w1"), w1);
                    subst.insert(var("?w2"), w2);
                    subst.insert(var("?other"), parent);
                    substs.push(subst);
                    if substs.len() >= limit {
                        return Some(SearchMatches {
                            eclass,
                            substs,
                            ast: None,
                        });
                    }
                }
            }
        }
        (!substs.is_empty()).then(|| SearchMatches {
            eclass,
            substs,
            ast: None,
        })
    }

    fn vars(&self) -> Vec<Var> {
        ["?s", "?x", "?w1", "?w2", "?other"]
            .into_iter()
            .map(var)
            .collect()
    }
}

/// `C(x, w1)` and `C(x, w2)` are the two blocks of `C(x, concat(w1, w2))` along the free letter's
/// result dim: every other letter ranges over the same values, and the free letter's range is the
/// concatenation of both.
struct MergeSiblings {
    shared: usize,
}

impl Applier<Flex, Meta> for MergeSiblings {
    fn apply_one(
        &self,
        egraph: &mut Graph,
        eclass: Id,
        subst: &Subst,
        _: Option<&PatternAst<Flex>>,
        _: Symbol,
    ) -> Vec<Id> {
        let (s, x, w1, w2) = (
            subst[var("?s")],
            subst[var("?x")],
            subst[var("?w1")],
            subst[var("?w2")],
        );
        let Some(signature) = sig(egraph, s) else {
            return vec![];
        };
        let Some(axes) = mergeable(egraph, &signature, self.shared, w1, w2) else {
            return vec![];
        };
        let (Some(n1), Some(n2)) = (
            shape(egraph, w1).map(|s| s[axes.operand]),
            shape(egraph, w2).map(|s| s[axes.operand]),
        ) else {
            return vec![];
        };
        let operand_axis = egraph.add(Flex::Num(axes.operand as i64));
        let w = egraph.add(Flex::Concat([operand_axis, w1, w2]));
        let merged = egraph.add(if self.shared == 0 {
            Flex::Contract([s, x, w])
        } else {
            Flex::Contract([s, w, x])
        });
        let result_axis = egraph.add(Flex::Num(axes.result as i64));
        let (zero, mid, end) = (
            egraph.add(Flex::Num(0)),
            egraph.add(Flex::Num(n1 as i64)),
            egraph.add(Flex::Num((n1 + n2) as i64)),
        );
        let first = egraph.add(Flex::Slice([result_axis, zero, mid, merged]));
        let second = egraph.add(Flex::Slice([result_axis, mid, end, merged]));
        let mut changed = union_with(egraph, eclass, first);
        changed.extend(union_with(egraph, subst[var("?other")], second));
        changed
    }
}

/// Whether `data` is a tensor of known shape (what every rule's result must be).
pub fn known(data: &Data) -> bool {
    matches!(data, Data::Tensor { .. })
}

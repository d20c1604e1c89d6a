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
//! - siblings: `merge-sibling-contractions-lhs`/`-rhs`: two contractions of one signature that share
//!   an operand and whose other operands differ only along one free dim of the result (Q/K/V, gate/up)
//!   are one contraction over the concatenated operand, each result a slice of it. The separate
//!   contractions stay in the e-graph: extraction chooses split or merged.

use super::lang::{atoms, parse_perm, perm_symbol, shape, text, Data, Flex, Graph, Meta, Sig};
use egg::{rewrite, Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};

/// Every rule, by topic.
pub fn rules() -> Vec<Rewrite<Flex, Meta>> {
    let mut rules = layout();
    rules.extend(reshapes());
    rules.extend(siblings());
    rules
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

//! The e-graph language of `par-substitute`: flexc's op graph as egg terms, and the shape analysis
//! the rules' conditions read.
//!
//! - `(contract SIG a b)`: a zero-initialized contraction, `out[o] = Σ a[la] · b[lb]`, written as an
//!   einsum signature `la,lb->o` (one letter per loop, each letter at most once per operand);
//! - `(transpose PERM x)`: `linalg.transpose`'s convention, result dim `i` is `x`'s dim `PERM[i]`
//!   (`PERM` written `1,0,2`);
//! - `(concat AXIS a b)`, `(slice AXIS LO HI x)`: `tensor.concat` and a unit-stride
//!   `tensor.extract_slice` along one dim;
//! - `(collapse GROUPS x)`, `(expand GROUPS SHAPE x)`: row-major reshapes, `tensor.collapse_shape`
//!   and `tensor.expand_shape` (`GROUPS` written `0,1;2;3`: the dims of the higher-rank side each
//!   dim of the lower-rank side holds; `SHAPE` written `2,16,64`: the expanded shape);
//! - `(add a b)`: the elementwise sum of two tensors of one shape (`linalg.add`, or a `linalg.generic`
//!   that adds two identically indexed operands), the one elementwise op the rules move reshapes and
//!   transposes through and that a contraction over a concatenated reduction dim distributes into;
//! - `(op NAME children...)`: any other op's result, opaque: `NAME` names the original value, its
//!   children are the op's operands (what the op reads inside its regions is not a child: the op keeps
//!   reading it, and the write-back replaces values, never operands).

use egg::{define_language, Analysis, DidMerge, EGraph, Id, Symbol};
use std::collections::{BTreeSet, HashMap};

define_language! {
    /// One e-node.
    pub enum Flex {
        "contract" = Contract([Id; 3]),
        "transpose" = Transpose([Id; 2]),
        "concat" = Concat([Id; 3]),
        "slice" = Slice([Id; 4]),
        "collapse" = Collapse([Id; 2]),
        "expand" = Expand([Id; 3]),
        "add" = Add([Id; 2]),
        "op" = Op(Box<[Id]>),
        Num(i64),
        Sym(Symbol),
    }
}

/// An einsum signature: the loop letters of each operand and of the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sig {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
    pub out: Vec<u8>,
}

impl Sig {
    /// Parses `la,lb->o`; `None` unless every letter is in `a..=z` and at most once per operand,
    /// and every result letter is read by an operand.
    pub fn parse(text: &str) -> Option<Sig> {
        let (inputs, out) = text.split_once("->")?;
        let (a, b) = inputs.split_once(',')?;
        let sig = Sig {
            a: a.bytes().collect(),
            b: b.bytes().collect(),
            out: out.bytes().collect(),
        };
        let distinct = |letters: &[u8]| {
            letters.iter().all(u8::is_ascii_lowercase)
                && letters.iter().collect::<BTreeSet<_>>().len() == letters.len()
        };
        (distinct(&sig.a)
            && distinct(&sig.b)
            && distinct(&sig.out)
            && sig
                .out
                .iter()
                .all(|l| sig.a.contains(l) || sig.b.contains(l)))
        .then_some(sig)
    }

    pub fn symbol(&self) -> Symbol {
        let text = |l: &[u8]| String::from_utf8_lossy(l).into_owned();
        Symbol::from(format!(
            "{},{}->{}",
            text(&self.a),
            text(&self.b),
            text(&self.out)
        ))
    }

    /// The size of every letter, from the operands' shapes; `None` when they disagree.
    pub fn sizes(&self, a: &[u64], b: &[u64]) -> Option<HashMap<u8, u64>> {
        if a.len() != self.a.len() || b.len() != self.b.len() {
            return None;
        }
        let mut sizes = HashMap::new();
        for (&letter, &size) in self.a.iter().zip(a).chain(self.b.iter().zip(b)) {
            if *sizes.entry(letter).or_insert(size) != size {
                return None;
            }
        }
        Some(sizes)
    }

    /// The result shape for operands of shapes `a` and `b`.
    pub fn result_shape(&self, a: &[u64], b: &[u64]) -> Option<Vec<u64>> {
        let sizes = self.sizes(a, b)?;
        self.out.iter().map(|l| sizes.get(l).copied()).collect()
    }
}

/// A permutation written `1,0,2`.
pub fn parse_perm(text: &str) -> Option<Vec<usize>> {
    let perm: Vec<usize> = text
        .split(',')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let mut seen = vec![false; perm.len()];
    for &p in &perm {
        if p >= perm.len() || std::mem::replace(&mut seen[p], true) {
            return None;
        }
    }
    Some(perm)
}

/// Reassociation groups written `0,1;2;3`: consecutive dims, each group non-empty, starting at 0.
pub fn parse_groups(text: &str) -> Option<Vec<Vec<usize>>> {
    let groups: Vec<Vec<usize>> = text
        .split(';')
        .map(|g| {
            g.split(',')
                .map(|d| d.parse().ok())
                .collect::<Option<Vec<usize>>>()
        })
        .collect::<Option<_>>()?;
    let flat: Vec<usize> = groups.iter().flatten().copied().collect();
    (groups.iter().all(|g| !g.is_empty()) && flat.iter().enumerate().all(|(i, &d)| i == d))
        .then_some(groups)
}

pub fn groups_symbol(groups: &[Vec<usize>]) -> Symbol {
    let parts: Vec<String> = groups
        .iter()
        .map(|g| g.iter().map(usize::to_string).collect::<Vec<_>>().join(","))
        .collect();
    Symbol::from(parts.join(";"))
}

/// A shape written `2,16,64`.
pub fn parse_shape(text: &str) -> Option<Vec<u64>> {
    text.split(',').map(|d| d.parse().ok()).collect()
}

pub fn shape_symbol(shape: &[u64]) -> Symbol {
    let parts: Vec<String> = shape.iter().map(u64::to_string).collect();
    Symbol::from(parts.join(","))
}

/// The shape `groups` collapse `shape` to (`None` when they do not cover it).
pub fn collapsed(groups: &[Vec<usize>], shape: &[u64]) -> Option<Vec<u64>> {
    (groups.iter().map(Vec::len).sum::<usize>() == shape.len()).then(|| {
        groups
            .iter()
            .map(|g| g.iter().map(|&d| shape[d]).product())
            .collect()
    })
}

pub fn perm_symbol(perm: &[usize]) -> Symbol {
    let parts: Vec<String> = perm.iter().map(usize::to_string).collect();
    Symbol::from(parts.join(","))
}

/// What the analysis knows of an e-class.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    Int(i64),
    Text(Symbol),
    /// A tensor: its static shape, and the original values it is built from by transposes and
    /// concatenations only (a weight and its transpose share one atom; a contraction has none):
    /// the identity the sibling merge uses to never concatenate a weight with itself.
    Tensor {
        shape: Vec<u64>,
        atoms: BTreeSet<Symbol>,
    },
    /// A tensor of unknown or dynamic shape: no rule applies to it.
    Unknown,
}

/// The shape analysis; `shapes` holds the static shapes of the opaque ops' results, by name.
#[derive(Clone, Default)]
pub struct Meta {
    pub shapes: HashMap<Symbol, Vec<u64>>,
}

pub type Graph = EGraph<Flex, Meta>;

pub fn int(egraph: &Graph, id: Id) -> Option<i64> {
    match egraph[id].data {
        Data::Int(n) => Some(n),
        _ => None,
    }
}

pub fn text(egraph: &Graph, id: Id) -> Option<Symbol> {
    match egraph[id].data {
        Data::Text(s) => Some(s),
        _ => None,
    }
}

pub fn shape(egraph: &Graph, id: Id) -> Option<&[u64]> {
    match &egraph[id].data {
        Data::Tensor { shape, .. } => Some(shape),
        _ => None,
    }
}

pub fn atoms(egraph: &Graph, id: Id) -> Option<&BTreeSet<Symbol>> {
    match &egraph[id].data {
        Data::Tensor { atoms, .. } => Some(atoms),
        _ => None,
    }
}

fn tensor(shape: Option<Vec<u64>>, atoms: BTreeSet<Symbol>) -> Data {
    match shape {
        Some(shape) => Data::Tensor { shape, atoms },
        None => Data::Unknown,
    }
}

impl Analysis<Flex> for Meta {
    type Data = Data;

    fn make(egraph: &mut Graph, enode: &Flex) -> Data {
        let none = BTreeSet::new;
        match enode {
            Flex::Num(n) => Data::Int(*n),
            Flex::Sym(s) => Data::Text(*s),
            Flex::Op(children) => {
                let name = children.first().and_then(|&c| text(egraph, c));
                let shape = name.and_then(|n| egraph.analysis.shapes.get(&n).cloned());
                tensor(shape, name.into_iter().collect())
            }
            Flex::Contract([s, a, b]) => {
                let shape = (|| {
                    let sig = Sig::parse(text(egraph, *s)?.as_str())?;
                    sig.result_shape(shape(egraph, *a)?, shape(egraph, *b)?)
                })();
                tensor(shape, none())
            }
            Flex::Transpose([p, x]) => {
                let shape = (|| {
                    let perm = parse_perm(text(egraph, *p)?.as_str())?;
                    let x = shape(egraph, *x)?;
                    (perm.len() == x.len()).then(|| perm.iter().map(|&i| x[i]).collect())
                })();
                tensor(shape, atoms(egraph, *x).cloned().unwrap_or_default())
            }
            Flex::Concat([axis, a, b]) => {
                let shape = (|| {
                    let axis = usize::try_from(int(egraph, *axis)?).ok()?;
                    let (a, b) = (shape(egraph, *a)?, shape(egraph, *b)?);
                    let alike = a.len() == b.len()
                        && axis < a.len()
                        && (0..a.len()).all(|d| d == axis || a[d] == b[d]);
                    alike.then(|| {
                        let mut shape = a.to_vec();
                        shape[axis] += b[axis];
                        shape
                    })
                })();
                let mut atoms_ab = atoms(egraph, *a).cloned().unwrap_or_default();
                atoms_ab.extend(atoms(egraph, *b).cloned().unwrap_or_default());
                tensor(shape, atoms_ab)
            }
            Flex::Collapse([g, x]) => {
                let shape = (|| {
                    let groups = parse_groups(text(egraph, *g)?.as_str())?;
                    collapsed(&groups, shape(egraph, *x)?)
                })();
                tensor(shape, atoms(egraph, *x).cloned().unwrap_or_default())
            }
            Flex::Expand([g, s, x]) => {
                let shape = (|| {
                    let groups = parse_groups(text(egraph, *g)?.as_str())?;
                    let target = parse_shape(text(egraph, *s)?.as_str())?;
                    (collapsed(&groups, &target)? == shape(egraph, *x)?).then_some(target)
                })();
                tensor(shape, atoms(egraph, *x).cloned().unwrap_or_default())
            }
            Flex::Add([a, b]) => {
                let shape = match (shape(egraph, *a), shape(egraph, *b)) {
                    (Some(a), Some(b)) if a == b => Some(a.to_vec()),
                    _ => None,
                };
                tensor(shape, none())
            }
            Flex::Slice([axis, lo, hi, x]) => {
                let shape = (|| {
                    let axis = usize::try_from(int(egraph, *axis)?).ok()?;
                    let (lo, hi) = (int(egraph, *lo)?, int(egraph, *hi)?);
                    let x = shape(egraph, *x)?;
                    let ok = axis < x.len() && 0 <= lo && lo < hi && hi as u64 <= x[axis];
                    ok.then(|| {
                        let mut shape = x.to_vec();
                        shape[axis] = (hi - lo) as u64;
                        shape
                    })
                })();
                tensor(shape, none())
            }
        }
    }

    fn merge(&mut self, to: &mut Data, from: Data) -> DidMerge {
        match (to, from) {
            (to @ Data::Unknown, from @ Data::Tensor { .. }) => {
                *to = from;
                DidMerge(true, false)
            }
            (Data::Tensor { atoms, .. }, Data::Tensor { atoms: other, .. }) => {
                let before = atoms.len();
                let theirs = other.len();
                atoms.extend(other);
                DidMerge(atoms.len() > before, atoms.len() > theirs)
            }
            (Data::Tensor { .. }, Data::Unknown) => DidMerge(false, true),
            _ => DidMerge(false, false),
        }
    }
}

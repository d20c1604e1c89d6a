//! Soundness of every rule, numerically: a reference evaluator computes each term of a saturated
//! e-class on random tensors and compares it with the original term.

use super::extract;
use super::lang::{Flex, Graph, Meta, Sig};
use super::rules;
use egg::{AstSize, Extractor, Id, Language, RecExpr, Runner, Symbol};
use std::collections::HashMap;

/// A dense row-major tensor.
#[derive(Clone, Debug)]
struct Tensor {
    shape: Vec<usize>,
    data: Vec<f64>,
}

impl Tensor {
    fn random(shape: &[usize], seed: &mut u64) -> Tensor {
        let n = shape.iter().product();
        let data = (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 33) as f64 / (1u64 << 31) as f64) - 0.5
            })
            .collect();
        Tensor {
            shape: shape.to_vec(),
            data,
        }
    }

    fn strides(&self) -> Vec<usize> {
        let mut strides = vec![1; self.shape.len()];
        for d in (0..self.shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * self.shape[d + 1];
        }
        strides
    }

    fn at(&self, index: &[usize]) -> f64 {
        let offset: usize = index.iter().zip(self.strides()).map(|(i, s)| i * s).sum();
        self.data[offset]
    }
}

/// Every index of `shape`, row-major.
fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &n in shape {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<usize>| {
                (0..n).map(move |i| {
                    let mut next = prefix.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    all
}

/// Evaluates `expr` with its opaque leaves taken from `inputs`.
fn eval(expr: &RecExpr<Flex>, inputs: &HashMap<Symbol, Tensor>) -> Tensor {
    let nodes = expr.as_ref();
    let mut values: Vec<Option<Tensor>> = vec![None; nodes.len()];
    let leaf = |id: Id| -> &Flex { &nodes[usize::from(id)] };
    for (i, node) in nodes.iter().enumerate() {
        let get = |id: &Id| values[usize::from(*id)].clone().expect("a tensor operand");
        let int = |id: &Id| match leaf(*id) {
            Flex::Num(n) => *n,
            other => panic!("not a number: {other:?}"),
        };
        let sym = |id: &Id| match leaf(*id) {
            Flex::Sym(s) => *s,
            other => panic!("not a symbol: {other:?}"),
        };
        values[i] = match node {
            Flex::Num(_) | Flex::Sym(_) => None,
            Flex::Op(children) => Some(inputs[&sym(&children[0])].clone()),
            Flex::Contract([s, a, b]) => {
                let sig = Sig::parse(sym(s).as_str()).unwrap();
                let (a, b) = (get(a), get(b));
                let to_u64 = |s: &[usize]| s.iter().map(|&d| d as u64).collect::<Vec<_>>();
                let sizes = sig.sizes(&to_u64(&a.shape), &to_u64(&b.shape)).unwrap();
                let mut letters: Vec<u8> = sizes.keys().copied().collect();
                letters.sort();
                let shape: Vec<usize> = sig.out.iter().map(|l| sizes[l] as usize).collect();
                let mut out = Tensor {
                    data: vec![0.0; shape.iter().product()],
                    shape,
                };
                let all: Vec<usize> = letters.iter().map(|l| sizes[l] as usize).collect();
                let strides = out.strides();
                for index in indices(&all) {
                    let of = |ls: &[u8]| -> Vec<usize> {
                        ls.iter()
                            .map(|l| index[letters.iter().position(|m| m == l).unwrap()])
                            .collect()
                    };
                    let o: usize = of(&sig.out).iter().zip(&strides).map(|(i, s)| i * s).sum();
                    out.data[o] += a.at(&of(&sig.a)) * b.at(&of(&sig.b));
                }
                Some(out)
            }
            Flex::Transpose([p, x]) => {
                let perm = super::lang::parse_perm(sym(p).as_str()).unwrap();
                let x = get(x);
                let shape: Vec<usize> = perm.iter().map(|&i| x.shape[i]).collect();
                let data = indices(&shape)
                    .iter()
                    .map(|index| {
                        let mut source = vec![0; perm.len()];
                        for (k, &d) in perm.iter().enumerate() {
                            source[d] = index[k];
                        }
                        x.at(&source)
                    })
                    .collect();
                Some(Tensor { shape, data })
            }
            Flex::Concat([axis, a, b]) => {
                let axis = int(axis) as usize;
                let (a, b) = (get(a), get(b));
                let mut shape = a.shape.clone();
                shape[axis] += b.shape[axis];
                let data = indices(&shape)
                    .iter()
                    .map(|index| {
                        if index[axis] < a.shape[axis] {
                            a.at(index)
                        } else {
                            let mut i = index.clone();
                            i[axis] -= a.shape[axis];
                            b.at(&i)
                        }
                    })
                    .collect();
                Some(Tensor { shape, data })
            }
            Flex::Collapse([g, x]) => {
                let groups = super::lang::parse_groups(sym(g).as_str()).unwrap();
                let x = get(x);
                let shape = groups
                    .iter()
                    .map(|g| g.iter().map(|&d| x.shape[d]).product())
                    .collect();
                Some(Tensor {
                    shape,
                    data: x.data,
                })
            }
            Flex::Expand([_, s, x]) => {
                let shape = super::lang::parse_shape(sym(s).as_str()).unwrap();
                let x = get(x);
                assert_eq!(shape.iter().product::<u64>() as usize, x.data.len());
                Some(Tensor {
                    shape: shape.iter().map(|&d| d as usize).collect(),
                    data: x.data,
                })
            }
            Flex::Add([a, b]) => {
                let (a, b) = (get(a), get(b));
                assert_eq!(a.shape, b.shape, "an add of two shapes");
                let data = a.data.iter().zip(&b.data).map(|(x, y)| x + y).collect();
                Some(Tensor {
                    shape: a.shape,
                    data,
                })
            }
            Flex::Slice([axis, lo, hi, x]) => {
                let (axis, lo, hi) = (int(axis) as usize, int(lo) as usize, int(hi) as usize);
                let x = get(x);
                let mut shape = x.shape.clone();
                shape[axis] = hi - lo;
                let data = indices(&shape)
                    .iter()
                    .map(|index| {
                        let mut i = index.clone();
                        i[axis] += lo;
                        x.at(&i)
                    })
                    .collect();
                Some(Tensor { shape, data })
            }
        };
    }
    values.pop().flatten().expect("a tensor expression")
}

/// A term of `class` with `node` on top, its children extracted by size.
fn term_with(egraph: &Graph, node: &Flex) -> RecExpr<Flex> {
    let extractor = Extractor::new(egraph, AstSize);
    let mut expr = RecExpr::default();
    let node = node.clone().map_children(|child| {
        let (_, sub) = extractor.find_best(child);
        let offset = expr.as_ref().len();
        for n in sub.as_ref() {
            expr.add(
                n.clone()
                    .map_children(|c| Id::from(usize::from(c) + offset)),
            );
        }
        Id::from(expr.as_ref().len() - 1)
    });
    expr.add(node);
    expr
}

fn assert_close(a: &Tensor, b: &Tensor, what: &str) {
    assert_eq!(a.shape, b.shape, "{what}: shapes");
    for (x, y) in a.data.iter().zip(&b.data) {
        assert!((x - y).abs() < 1e-9, "{what}: {x} vs {y}");
    }
}

/// Saturates `source` (with `leaves` as opaque inputs of the given shapes), checks that `rule` fired,
/// and that every e-node of every class of an original term computes that term's value.
fn check(source: &str, leaves: &[(&str, &[usize])], rule: &str) {
    let mut meta = Meta::default();
    let mut seed = 7u64;
    let mut inputs = HashMap::new();
    for (name, shape) in leaves {
        meta.shapes.insert(
            Symbol::from(*name),
            shape.iter().map(|&d| d as u64).collect(),
        );
        inputs.insert(Symbol::from(*name), Tensor::random(shape, &mut seed));
    }
    let expr: RecExpr<Flex> = source.parse().unwrap();
    let mut egraph = Graph::new(meta);
    let root = egraph.add_expr(&expr);
    // Every original subterm's value, by class.
    let mut originals = Vec::new();
    for (i, node) in expr.as_ref().iter().enumerate() {
        let opaque_op = matches!(node, Flex::Op(children) if children.len() > 1);
        if matches!(node, Flex::Num(_) | Flex::Sym(_)) || opaque_op {
            continue;
        }
        let sub: RecExpr<Flex> = node.build_recexpr(|id| expr[id].clone());
        let _ = i;
        originals.push((egraph.add_expr(&sub), eval(&sub, &inputs)));
    }
    egraph.rebuild();
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(8)
        .with_node_limit(5_000)
        .run(&rules::rules());
    let fired: usize = runner
        .iterations
        .iter()
        .map(|it| it.applied.get(&Symbol::from(rule)).copied().unwrap_or(0))
        .sum();
    assert!(fired > 0, "{rule} did not fire on {source}");
    let egraph = &runner.egraph;
    let mut checked = 0;
    for (class, value) in &originals {
        for node in &egraph[egraph.find(*class)].nodes {
            let term = term_with(egraph, node);
            assert_close(&eval(&term, &inputs), value, &format!("{term}"));
            checked += 1;
        }
    }
    assert!(checked > originals.len(), "no new term checked");
    // The extraction is a valid choice that covers the root.
    let chosen = extract::extract(egraph, &[root], 64, true, None).expect("an extraction");
    assert!(chosen.contains_key(&egraph.find(root)));
}

#[test]
fn transposes_compose_and_cancel() {
    check(
        "(transpose 1,2,0 (transpose 2,0,1 (op x)))",
        &[("x", &[2, 3, 4])],
        "transpose-compose",
    );
    check(
        "(transpose 0,2,1 (transpose 1,0,2 (op x)))",
        &[("x", &[2, 3, 4])],
        "transpose-compose",
    );
}

#[test]
fn transposed_operands_fold_into_the_contraction() {
    // x · wᵀ, torch's linear layer.
    check(
        "(contract ab,bc->ac (op x) (transpose 1,0 (op w)))",
        &[("x", &[3, 4]), ("w", &[5, 4])],
        "transpose-into-contract-rhs",
    );
    check(
        "(contract abc,acd->abd (transpose 0,2,1 (op x)) (op y))",
        &[("x", &[2, 4, 3]), ("y", &[2, 4, 5])],
        "transpose-into-contract-lhs",
    );
}

#[test]
fn a_transposed_result_is_the_contraction_with_permuted_letters() {
    check(
        "(transpose 1,0 (contract ab,bc->ac (op x) (op y)))",
        &[("x", &[3, 4]), ("y", &[4, 5])],
        "contract-absorbs-transpose",
    );
}

#[test]
fn sibling_contractions_merge_over_concatenated_weights() {
    // Q, K, V projections of one input, weights of different widths.
    let leaves: &[(&str, &[usize])] = &[
        ("x", &[3, 4]),
        ("wq", &[4, 5]),
        ("wk", &[4, 2]),
        ("wv", &[4, 3]),
    ];
    check(
        "(op out (contract ab,bc->ac (op x) (op wq)) (contract ab,bc->ac (op x) (op wk)) (contract ab,bc->ac (op x) (op wv)))",
        leaves,
        "merge-sibling-contractions-lhs",
    );
    // The shared operand on the right: gate/up as wᵀ-first products, batched.
    let leaves: &[(&str, &[usize])] = &[("h", &[2, 4, 3]), ("g", &[5, 4]), ("u", &[6, 4])];
    check(
        "(op out (contract ab,cbd->cad (op g) (op h)) (contract ab,cbd->cad (op u) (op h)))",
        leaves,
        "merge-sibling-contractions-rhs",
    );
}

#[test]
fn contractions_read_through_collapses_and_reshapes_cancel() {
    // torch's attention scores: heads split out of the features by expand → transpose → collapse,
    // then a batched product over the merged (batch · heads) dim.
    let leaves: &[(&str, &[usize])] = &[("q", &[4, 6]), ("k", &[4, 6])];
    let q = "(collapse 0,1;2;3 (transpose 0,2,1,3 (expand 0,1;2,3 2,2,2,3 (op q))))";
    let k = "(collapse 0,1;2;3 (transpose 0,2,3,1 (expand 0,1;2,3 2,2,2,3 (op k))))";
    let scores = format!("(expand 0,1;2;3 2,2,2,2 (contract abc,acd->abd {q} {k}))");
    check(&scores, leaves, "contract-through-collapse-lhs");
    check(&scores, leaves, "expand-of-collapse");
    // A collapsed reduction dim: the other operand is expanded.
    check(
        "(contract ab,bc->ac (collapse 0;1,2 (op x)) (op w))",
        &[("x", &[3, 2, 4]), ("w", &[8, 5])],
        "contract-through-collapse-lhs",
    );
    check(
        "(collapse 0,1 (expand 0,1 2,3 (op x)))",
        &[("x", &[6])],
        "collapse-of-expand",
    );
}

#[test]
fn slices_of_slices_are_one_slice() {
    check(
        "(slice 1 2 5 (slice 1 1 7 (op x)))",
        &[("x", &[3, 8])],
        "slice-of-slice",
    );
}

#[test]
fn siblings_with_a_shared_weight_do_not_merge() {
    let mut meta = Meta::default();
    meta.shapes.insert(Symbol::from("x"), vec![3, 4]);
    meta.shapes.insert(Symbol::from("w"), vec![4, 5]);
    let mut egraph = Graph::new(meta);
    let expr: RecExpr<Flex> = "(op out (contract ab,bc->ac (op x) (op w)) (contract ab,bc->ac (op x) (transpose 0,1 (op w))))"
        .parse()
        .unwrap();
    egraph.add_expr(&expr);
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(4)
        .run(&rules::siblings());
    assert!(runner.iterations.iter().all(|it| it.applied.is_empty()));
}

#[test]
fn extraction_past_its_deadline_chooses_nothing() {
    // The first pass is checked class by class: one that cannot end before the deadline returns
    // nothing rather than overrunning it (the block is then kept as it is).
    let mut meta = Meta::default();
    for (name, shape) in [("x", vec![32, 64]), ("w", vec![64, 64])] {
        meta.shapes.insert(Symbol::from(name), shape);
    }
    let mut egraph = Graph::new(meta);
    let expr: RecExpr<Flex> = "(op out (contract ab,bc->ac (op x) (op w)))"
        .parse()
        .unwrap();
    let root = egraph.add_expr(&expr);
    let past = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(1));
    assert!(extract::extract(&egraph, &[root], 64, true, Some(past)).is_none());
    assert!(extract::extract(&egraph, &[root], 64, true, None).is_some());
}

#[test]
fn extraction_prefers_a_merged_contraction_when_launches_dominate() {
    let mut meta = Meta::default();
    for (name, shape) in [
        ("x", vec![32, 64]),
        ("wq", vec![64, 64]),
        ("wk", vec![64, 64]),
        ("wv", vec![64, 64]),
    ] {
        meta.shapes.insert(Symbol::from(name), shape);
    }
    let mut egraph = Graph::new(meta);
    let expr: RecExpr<Flex> = "(op out (contract ab,bc->ac (op x) (op wq)) (contract ab,bc->ac (op x) (op wk)) (contract ab,bc->ac (op x) (op wv)))"
        .parse()
        .unwrap();
    let root = egraph.add_expr(&expr);
    let before = extract::extract(&egraph, &[root], 64, true, None).unwrap();
    let cost_before = extract::total_cost(&egraph, &before);
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(8)
        .run(&rules::rules());
    let chosen = extract::extract(&runner.egraph, &[root], 64, true, None).unwrap();
    let contractions = chosen
        .values()
        .filter(|n| matches!(n, Flex::Contract(_)))
        .count();
    assert_eq!(contractions, 1, "{chosen:?}");
    assert!(extract::total_cost(&runner.egraph, &chosen) < cost_before);
}

#[test]
fn transposes_and_reshapes_move_through_adds() {
    let leaves: &[(&str, &[usize])] = &[("x", &[2, 3, 4]), ("y", &[2, 3, 4])];
    check(
        "(transpose 2,0,1 (add (op x) (op y)))",
        leaves,
        "transpose-through-add",
    );
    check(
        "(add (transpose 1,0,2 (op x)) (transpose 1,0,2 (op y)))",
        leaves,
        "add-of-transposes",
    );
    check(
        "(collapse 0,1;2 (add (op x) (op y)))",
        leaves,
        "collapse-through-add",
    );
    check(
        "(add (collapse 0;1,2 (op x)) (collapse 0;1,2 (op y)))",
        leaves,
        "add-of-collapses",
    );
    check(
        "(add (expand 0;1,2 2,3,2 (op u)) (expand 0;1,2 2,3,2 (op v)))",
        &[("u", &[2, 6]), ("v", &[2, 6])],
        "add-of-expands",
    );
    // A transpose sinks through the add to the contraction it folds into.
    check(
        "(transpose 1,0 (add (contract ab,bc->ac (op x) (op w)) (op y)))",
        &[("x", &[3, 4]), ("w", &[4, 5]), ("y", &[3, 5])],
        "contract-absorbs-transpose",
    );
}

#[test]
fn collapses_of_different_shapes_are_not_added_before_the_collapse() {
    let mut meta = Meta::default();
    meta.shapes.insert(Symbol::from("x"), vec![2, 3]);
    meta.shapes.insert(Symbol::from("y"), vec![3, 2]);
    let mut egraph = Graph::new(meta);
    let expr: RecExpr<Flex> = "(add (collapse 0,1 (op x)) (collapse 0,1 (op y)))"
        .parse()
        .unwrap();
    egraph.add_expr(&expr);
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(4)
        .run(&rules::elementwise());
    assert!(runner.iterations.iter().all(|it| it.applied.is_empty()));
}

#[test]
fn contractions_distribute_over_concatenations_and_back() {
    // Along a free dim of one operand: the concatenation of the contractions.
    check(
        "(contract ab,bc->ac (concat 0 (op x1) (op x2)) (op w))",
        &[("x1", &[2, 4]), ("x2", &[3, 4]), ("w", &[4, 5])],
        "contract-over-concat-lhs",
    );
    // Along the reduced dim (an LSTM's `[x, h] · W`): the add of the contractions, `W` sliced.
    check(
        "(contract ab,bc->ac (concat 1 (op x) (op h)) (op w))",
        &[("x", &[3, 4]), ("h", &[3, 2]), ("w", &[6, 5])],
        "contract-over-concat-lhs",
    );
    // Along a batch dim both operands read: each part reads its rows of the other operand.
    check(
        "(contract ab,bc->ac (op x) (concat 1 (op w1) (op w2)))",
        &[("x", &[3, 4]), ("w1", &[4, 2]), ("w2", &[4, 3])],
        "contract-over-concat-rhs",
    );
    check(
        "(contract abc,acd->abd (op x) (concat 0 (op y1) (op y2)))",
        &[("x", &[5, 2, 3]), ("y1", &[2, 3, 4]), ("y2", &[3, 3, 4])],
        "contract-over-concat-rhs",
    );
    // Along a dim only the concatenated operand reads: the add of the contractions, `y` whole.
    check(
        "(contract ab,c->ac (concat 1 (op x1) (op x2)) (op y))",
        &[("x1", &[3, 2]), ("x2", &[3, 4]), ("y", &[5])],
        "contract-over-concat-lhs",
    );
    // The inverses.
    check(
        "(concat 1 (contract ab,bc->ac (op x) (op w1)) (contract ab,bc->ac (op x) (op w2)))",
        &[("x", &[3, 4]), ("w1", &[4, 2]), ("w2", &[4, 3])],
        "concat-of-contractions-rhs",
    );
    check(
        "(concat 0 (contract ab,bc->ac (op x1) (op w)) (contract ab,bc->ac (op x2) (op w)))",
        &[("x1", &[2, 4]), ("x2", &[3, 4]), ("w", &[4, 5])],
        "concat-of-contractions-lhs",
    );
    check(
        "(add (contract ab,bc->ac (op x) (op wx)) (contract ab,bc->ac (op h) (op wh)))",
        &[
            ("x", &[3, 4]),
            ("wx", &[4, 5]),
            ("h", &[3, 2]),
            ("wh", &[2, 5]),
        ],
        "add-of-contractions",
    );
}

#[test]
fn chained_contractions_reassociate_to_the_cheaper_order() {
    // (x · a) · b with a narrow middle: x · (a · b) would be the same, and extraction keeps the order
    // with fewer FLOPs; here (a · b) first is cheaper: 2×64×64×2 vs 64×64×64.
    check(
        "(contract ab,bc->ac (contract ab,bc->ac (op x) (op a)) (op b))",
        &[("x", &[3, 4]), ("a", &[4, 2]), ("b", &[2, 5])],
        "contract-reassociate",
    );
    check(
        "(contract abc,acd->abd (contract abe,aec->abc (op x) (op y)) (op z))",
        &[("x", &[2, 3, 4]), ("y", &[2, 4, 3]), ("z", &[2, 3, 5])],
        "contract-reassociate",
    );
    let mut meta = Meta::default();
    for (name, shape) in [
        ("x", vec![4096, 16]),
        ("a", vec![16, 4096]),
        ("b", vec![4096, 16]),
    ] {
        meta.shapes.insert(Symbol::from(name), shape);
    }
    let mut egraph = Graph::new(meta);
    let expr: RecExpr<Flex> =
        "(op out (contract ab,bc->ac (contract ab,bc->ac (op x) (op a)) (op b)))"
            .parse()
            .unwrap();
    let root = egraph.add_expr(&expr);
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_iter_limit(4)
        .run(&rules::association());
    let chosen = extract::extract(&runner.egraph, &[root], 64, false, None).unwrap();
    // The chosen outer contraction reads `x` directly: `x · (a · b)`, 16×4096×16 + 4096×16×16
    // multiply-adds instead of 4096×16×4096 + 4096×4096×16.
    let egraph = &runner.egraph;
    let outer = chosen
        .values()
        .find(|n| matches!(n, Flex::Contract([_, a, _]) if super::lang::atoms(egraph, *a).is_some_and(|s| s.contains(&Symbol::from("x")))))
        .expect("a contraction reading x");
    let Flex::Contract([_, _, inner]) = outer else {
        unreachable!()
    };
    assert!(
        matches!(chosen[&egraph.find(*inner)], Flex::Contract(_)),
        "{chosen:?}"
    );
}

/// A context with every upstream dialect, as the driver's.
fn context() -> melior::Context {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    melior::Context::new_with_registry(&registry, false)
}

/// A small model of the repository, parsed.
fn small_model<'c>(context: &'c melior::Context, name: &str) -> melior::ir::Module<'c> {
    let path = format!(
        "{}/../models/small/torch/{name}.linalg.mlir",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    melior::ir::Module::parse(context, &source).unwrap_or_else(|| panic!("{path}: not parsed"))
}

/// The saturated extended-stage e-graph of `name`'s function, and its roots.
fn saturated(name: &str) -> (Graph, Vec<Id>) {
    let context = context();
    let module = small_model(&context, name);
    let block = super::blocks(module.as_operation().to_raw())[0];
    let built = super::build(block, true);
    let limits = super::Limits::default();
    let runner = Runner::default()
        .with_egraph(built.egraph)
        .with_node_limit(limits.nodes)
        .with_iter_limit(limits.iterations)
        .run(&rules::rules());
    (runner.egraph, built.roots)
}

#[test]
fn sorted_and_bit_covers_choose_the_same_nodes() {
    for name in ["gpt2_b2", "seq2seq_lstm_b4"] {
        let (egraph, _) = saturated(name);
        let bits = extract::greedy::<extract::Bits>(&egraph, extract::PASSES, None, false);
        let sorted = extract::greedy::<extract::Sorted>(&egraph, extract::PASSES, None, false);
        assert!(bits.is_some(), "{name}");
        assert_eq!(bits, sorted, "{name}");
    }
}

#[test]
fn extraction_stops_when_no_class_moves_with_the_same_choice() {
    // Before, the passes went on while any total shrank; stopping once no class takes another node
    // keeps the choice (on these models the two stop at the same pass: the totals settle with the
    // nodes).
    for name in ["bert_b2", "seq2seq_lstm_b4"] {
        let (egraph, roots) = saturated(name);
        let (now, passes) =
            extract::greedy::<extract::Bits>(&egraph, extract::PASSES, None, false).unwrap();
        let (before, passes_before) =
            extract::greedy::<extract::Bits>(&egraph, extract::PASSES, None, true).unwrap();
        assert!(
            passes <= passes_before,
            "{name}: {passes} vs {passes_before} passes"
        );
        assert!(
            passes > 2 && passes < extract::PASSES,
            "{name}: {passes} passes"
        );
        assert_eq!(now, before, "{name}");
        assert_eq!(
            extract::finish(&egraph, &roots, now, true, None),
            extract::finish(&egraph, &roots, before, true, None),
            "{name}"
        );
    }
}

#[test]
fn one_saturation_writes_the_candidates_of_two() {
    // `substitute_into` saturates once and writes both merge variants into clones: each clone reads
    // as the module `substitute` rewrites on its own with that variant, with the same summary; the
    // source is left as it was.
    use melior::ir::operation::OperationLike;
    let context = context();
    for name in ["gpt2_b2", "seq2seq_lstm_b4"] {
        let source = small_model(&context, name);
        let text = source.as_operation().to_string();
        // Clones, not parses: a second parse in one context renames the resources.
        let clone = || unsafe {
            melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(
                source.as_operation().to_raw(),
            ))
        };
        let mut separate = Vec::new();
        for merges in [false, true] {
            let module = clone();
            let limits = super::Limits {
                merges,
                ..super::Limits::default()
            };
            let summary = super::substitute(module.to_raw(), &limits).unwrap();
            separate.push((module.to_string(), summary));
        }
        let clones: Vec<_> = (0..2).map(|_| clone().into_raw()).collect();
        let summaries = super::substitute_into(
            source.as_operation().to_raw(),
            &[(clones[0], false), (clones[1], true)],
            &super::Limits::default(),
        )
        .unwrap();
        let shared: Vec<_> = clones
            .into_iter()
            .zip(summaries)
            .map(|(clone, summary)| {
                let clone = unsafe { melior::ir::Operation::from_raw(clone) };
                (clone.to_string(), summary)
            })
            .collect();
        assert!(shared.iter().any(|(_, s)| s.changed()), "{name}");
        assert_eq!(shared, separate, "{name}");
        assert_eq!(source.as_operation().to_string(), text, "{name}");
    }
}

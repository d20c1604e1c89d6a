//! Context parallelism in the pipeline model (core/context.rs, "Price"): a strategy with `cp` ranks
//! per sample against the same strategy without them, stage by stage.

use flexc_core::cost::CostModel;
use flexc_core::graph::{DeviceId, Graph, Mode};
use flexc_core::machine::Machine;
use flexc_core::pipeline::{evaluate, Evaluation};
use flexc_core::problem::Problem;
use flexc_core::schedule::spec::Spec;
use flexc_core::scheduled;
use flexc_core::synth::{self, TransformerSpec};
use flexc_core::DeviceCount;

const SPEC: TransformerSpec = TransformerSpec {
    batch: 2,
    seq: 1024,
    hidden: 256,
    heads: 8,
    layers: 4,
    ffn: 1024,
    vocab: 256,
};

fn machine(preset: &str, n: u64) -> Machine {
    Machine::preset(preset)
        .unwrap()
        .with_devices(DeviceCount::new(n).unwrap())
        .unwrap()
}

fn run(graph: &Graph, machine: &Machine, spec: &str) -> Result<Evaluation, String> {
    let cost = CostModel::new(&machine.gpu);
    let problem = Problem::new(graph, machine, &cost, Mode::Training);
    let strategy = scheduled::build(&problem, &Spec::parse(spec)?)?;
    evaluate(&problem, &strategy).map_err(|e| e.to_string())
}

/// Two stages, one sample per micro-batch, with and without two context-parallel ranks per sample: each
/// stage's work, activations, working set and sends are halved, but for the kernel launches and the
/// ring: its exposed time is at most one step's transfer of the key/value blocks per layer (`cp − 1 =
/// 1` step), and each device holds two more blocks beside its working set. The weights are the same.
#[test]
fn context_parallelism_halves_the_work_and_adds_its_ring() {
    let graph = synth::causal_transformer(&SPEC);
    let two = machine("dgx-h100:1", 2);
    let four = machine("dgx-h100:1", 4);
    let base = run(&graph, &two, "megatron:tp=1,pp=2,dp=1,m=2").unwrap();
    let cp = run(&graph, &four, "megatron:tp=1,pp=2,dp=1,cp=2,m=2").unwrap();
    assert_eq!(base.micro_batch, 1);
    assert_eq!(cp.micro_batch, 1);
    // The key and value blocks of one layer at s / 2 positions (bf16 or f32 as the graph has them).
    let qkv = graph
        .tensors()
        .iter()
        .find(|t| t.shape == vec![SPEC.batch, SPEC.seq, 3 * SPEC.hidden])
        .expect("the fused QKV projection");
    let element = qkv.bytes() / qkv.elements();
    let block = 2 * SPEC.seq * SPEC.hidden * element / 2; // K and V of one sample, halved
                                                          // The ring's members are replicas 0 and 1 of group g: devices g and 2 + g, over NVLink.
    let step = four.route(DeviceId(0), DeviceId(2)).transfer_time(block);
    assert_eq!(base.stages.len(), 2);
    let launch = four.gpu.launch_overhead_s;
    for (b, c) in base.stages.iter().zip(&cp.stages) {
        let layers = 2.0; // 4 layers over 2 stages
                          // What the ranks do not halve: the ring's exposed steps and, of the stage's simulated pass,
                          // one kernel launch per op (a derived backward: two).
        let launches = c.ops as f64 * launch / 2.0;
        let extra = c.forward_s - b.forward_s / 2.0;
        assert!(
            extra > 0.0 && extra <= layers * step + launches + 1e-12,
            "forward: {extra} vs step {step}, launches {launches}"
        );
        // The backward sends twice the bytes.
        let back_step = four
            .route(DeviceId(0), DeviceId(2))
            .transfer_time(2 * block);
        let extra = c.backward_s - b.backward_s / 2.0;
        assert!(extra > 0.0 && extra <= layers * back_step + 2.0 * launches + 1e-12);
        assert_eq!(c.kept_bytes, b.kept_bytes / 2);
        assert_eq!(c.transient_bytes, b.transient_bytes / 2 + 2 * block);
        assert_eq!(c.sent_bytes, b.sent_bytes / 2);
        assert!((c.forward_flops - b.forward_flops / 2.0).abs() <= 1e-9 * b.forward_flops);
    }
    for (b, c) in base.groups.iter().zip(&cp.groups) {
        assert_eq!(b.memory.weights, c.memory.weights);
        assert_eq!(b.memory.activations / 2, c.memory.activations);
    }
    // The whole batch's model FLOPs do not change.
    assert!((cp.model_flops - base.model_flops).abs() <= 1e-9 * base.model_flops);
}

/// What cp must divide, and what it needs.
#[test]
fn context_parallelism_is_checked_against_the_graph() {
    let graph = synth::causal_transformer(&SPEC);
    let three = machine("dgx-h100:1", 3);
    let e = run(&graph, &three, "megatron:tp=1,dp=1,cp=3").unwrap_err();
    assert!(
        e.contains("cp=3 does not divide the attentions' sequence of 1024"),
        "{e}"
    );
    let e = run(&graph, &machine("dgx-h100:1", 4), "megatron:tp=1,cp=2,ep=2").unwrap_err();
    assert!(e.contains("not modelled"), "{e}");
    // The devices are tp · pp · dp · cp.
    let e = run(&graph, &machine("dgx-h100:1", 8), "megatron:tp=2,dp=1,cp=2").unwrap_err();
    assert!(e.contains("tp × pp × dp × cp = 2 × 1 × 1 × 2"), "{e}");
    // Default dp: the devices left.
    let e = run(&graph, &machine("dgx-h100:1", 8), "megatron:tp=2,cp=2").unwrap();
    assert_eq!(e.micro_batch, 1);
    let mut b = synth::Builder::new("mlp", flexc_core::graph::DType::F32);
    let x = b.input("x", &[4, 16], flexc_core::graph::DType::F32);
    b.matmul(x, 16);
    let mlp = b.finish();
    let e = run(&mlp, &machine("dgx-h100:1", 2), "megatron:tp=1,cp=2").unwrap_err();
    assert!(e.contains("has no attention"), "{e}");
}

/// The schedule search enumerates cp (powers of two the causal sequence takes twice) within its
/// bounds: every candidate simulated, none below its time and memory bounds (the work and the
/// activations over `dp · cp`), and the pruned search finds the same best. On 8 GPUs with a batch of
/// 2 and 4 layers, cp is what reaches beyond `tp ≤ 8`, `dp ≤ 2`, `pp ≤ 4`.
#[test]
fn schedule_search_bounds_hold_with_context_parallelism() {
    use flexc_core::search;
    let graph = synth::causal_transformer(&SPEC);
    let eight = machine("dgx-h100:1", 8);
    let cost = CostModel::new(&eight.gpu);
    let problem = Problem::new(&graph, &eight, &cost, Mode::Training);
    let all = search::audit_bounds(&problem).unwrap();
    assert_eq!(all.bound_violations, 0, "{all:?}");
    assert!(all.evaluated > 20, "{all:?}");
    // Among the best, a sequence split.
    assert!(
        all.top.iter().any(|r| r.spec.ways[flexc_core::schedule::dimension::CONTEXT.0].is_some_and(|c| c > 1)),
        "{:?}",
        all.top
    );
    let run = search::Run::new(search::Budget::Proposals(100_000), 0);
    let found = search::algorithm("plan")
        .unwrap()
        .search(&problem, &run)
        .unwrap();
    let pruned = found.plan().unwrap();
    assert!(pruned.complete, "{pruned:?}");
    assert_eq!(pruned.best, all.best);
}

/// However few tokens a context-parallel rank computes, it reads every weight of its stage whole: at
/// 64 tokens per rank (512 over cp=8) the weight reads bound each rank's forward, which is no
/// shorter than reading the weights at the memory roofline (dividing the whole sequence's forward by
/// 8 would make it half as long).
#[test]
fn a_context_parallel_rank_reads_its_weights_whole() {
    let spec = TransformerSpec {
        batch: 1,
        seq: 512,
        hidden: 8192,
        heads: 64,
        layers: 2,
        ffn: 8192,
        vocab: 256,
    };
    let graph = synth::causal_transformer(&spec);
    // The forward alone (no backward, no gradients to reduce over the ranks).
    let forward = |n: u64, spec: &str| {
        let machine = machine("dgx-h100:1", n);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&graph, &machine, &cost, Mode::Inference);
        let strategy = scheduled::build(&problem, &Spec::parse(spec).unwrap()).unwrap();
        evaluate(&problem, &strategy).unwrap().iteration_s
    };
    let c = forward(8, "megatron:tp=1,pp=1,dp=1,cp=8");
    let b = forward(1, "megatron:tp=1,pp=1,dp=1");
    let gpu = &machine("dgx-h100:1", 1).gpu;
    let weights: u64 = graph
        .tensors()
        .iter()
        .filter(|t| t.kind == flexc_core::graph::TensorKind::Weight)
        .map(|t| t.bytes())
        .sum();
    let read_s = weights as f64 / (gpu.mem_bandwidth * gpu.efficiency.memory);
    let floor = read_s;
    assert!(b / 8.0 < floor / 2.0, "{b} vs {floor}");
    assert!(
        c >= floor && c <= b,
        "cp=8: {c} vs {floor}, one device: {b}"
    );
}

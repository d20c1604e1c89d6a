//! Simulator properties: delta simulation equals full simulation bit for bit, closed forms for one device and
//! for data parallelism, monotonicity in link bandwidth, halos and partial sums, memory, traces, reports.

use flexc_core::cost::{CostModel, ProfileDb, ProfileEntry, Work};
use flexc_core::fusion::Fusion;
use flexc_core::graph::{DType, DeviceId, Graph, Mode, OpId, TensorKind};
use flexc_core::machine::Machine;
use flexc_core::sim::{Resource, Simulator, TaskKind};
use flexc_core::strategy::{divisors, Config, Strategy};
use flexc_core::synth::{self, Builder, ResNetSpec, TransformerSpec};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn small_cnn(batch: u64) -> Graph {
    synth::resnet(&ResNetSpec {
        batch,
        image: 32,
        blocks: [1, 1, 0, 0],
        width: 8,
        classes: 10,
    })
}

fn small_transformer() -> Graph {
    synth::transformer(&TransformerSpec::TINY)
}

/// A random configuration of any shape: random degrees on distinct random devices, one device, or (as the
/// baselines write them) the whole op replicated on distinct random devices.
fn random_config(graph: &Graph, op: OpId, n_dev: u32, rng: &mut StdRng) -> Config {
    let o = graph.op(op);
    match rng.random_range(0..5) {
        0 | 1 => Config::random(o, n_dev, rng),
        2 => Config::single(o, DeviceId(rng.random_range(0..n_dev))),
        3 => {
            let copies = rng.random_range(1..=n_dev as usize);
            let devices = rand::seq::index::sample(rng, n_dev as usize, copies);
            Config::replicated(o, devices.into_iter().map(DeviceId::new))
        }
        _ => {
            let degrees: Vec<u64> = o
                .dims
                .iter()
                .map(|d| {
                    let ds: Vec<u64> = divisors(d.size).into_iter().filter(|&x| x <= 4).collect();
                    ds[rng.random_range(0..ds.len())]
                })
                .collect();
            // One task per device (a valid configuration's rule): distinct random devices.
            let tasks = degrees.iter().product::<u64>();
            if tasks > u64::from(n_dev) {
                return Config::random(o, n_dev, rng);
            }
            let devices = rand::seq::index::sample(rng, n_dev as usize, tasks as usize)
                .into_iter()
                .map(DeviceId::new)
                .collect();
            Config { degrees, devices }
        }
    }
}

fn random_strategy(graph: &Graph, n_dev: u32, rng: &mut StdRng) -> Strategy {
    Strategy::flat(
        graph
            .topological_order()
            .map(|op| random_config(graph, op, n_dev, rng))
            .collect(),
    )
}

/// Applies `steps` random single-op changes and compares every state with a fresh full simulation.
fn check_delta(graph: &Graph, machine: &Machine, mode: Mode, steps: usize, seed: u64) {
    let cost = CostModel::new(&machine.gpu);
    let mut rng = StdRng::seed_from_u64(seed);
    let n_dev = machine.num_devices();
    let start = if seed % 2 == 0 {
        Strategy::data_parallel(graph, n_dev)
    } else {
        random_strategy(graph, n_dev, &mut rng)
    };
    let mut sim = Simulator::new(graph, machine, &cost, mode, start).unwrap();
    for step in 0..steps {
        let op = OpId::new(rng.random_range(0..graph.num_ops()));
        let config = random_config(graph, op, n_dev, &mut rng);
        sim.set_config(op, config).unwrap();
        let fresh = Simulator::new(graph, machine, &cost, mode, sim.strategy().clone()).unwrap();
        assert_eq!(
            sim.iteration_time().to_bits(),
            fresh.iteration_time().to_bits(),
            "step {step}: delta {} vs full {}",
            sim.iteration_time(),
            fresh.iteration_time()
        );
        assert_eq!(sim.peak_memories(), fresh.peak_memories(), "step {step}");
        if step % 250 == 0 {
            assert_eq!(sim.timeline(), fresh.timeline(), "step {step}");
            assert_eq!(sim.report(), fresh.report(), "step {step}");
        }
    }
}

#[test]
fn delta_equals_full_mlp() {
    let g = synth::mlp(32, &[64, 128, 128, 96, 10]);
    let m = Machine::preset("p100-4x4").unwrap();
    check_delta(&g, &m, Mode::Training, 3000, 1);
    check_delta(
        &g,
        &m.with_devices(flexc_core::DeviceCount::new(6).unwrap())
            .unwrap(),
        Mode::Inference,
        500,
        2,
    );
}

#[test]
fn delta_equals_full_cnn() {
    let g = small_cnn(16);
    check_delta(
        &g,
        &Machine::preset("dgx-a100:2").unwrap(),
        Mode::Training,
        3000,
        3,
    );
}

#[test]
fn delta_equals_full_transformer() {
    let g = small_transformer();
    let m = Machine::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("machines/pcie-8gpu.toml"),
    )
    .unwrap();
    check_delta(&g, &m, Mode::Training, 2500, 4);
    check_delta(
        &g,
        &Machine::preset("k80-16x4")
            .unwrap()
            .with_devices(flexc_core::DeviceCount::new(12).unwrap())
            .unwrap(),
        Mode::Training,
        1000,
        6,
    );
}

#[test]
fn set_config_rejects_invalid_configs_and_keeps_state() {
    let g = synth::mlp(32, &[64, 128, 10]);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let mut sim = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Training,
        Strategy::data_parallel(&g, 8),
    )
    .unwrap();
    let before = sim.iteration_time();
    let bad = Config {
        degrees: vec![3, 1, 1],
        devices: vec![DeviceId(0); 3],
    };
    let e = sim.set_config(OpId(0), bad).unwrap_err();
    assert_eq!(e.to_string(), "mlp.mlir:2:3: error: 'linalg.matmul' op par.config splits dim 0 of size 32 into 3 parts, which does not divide it");
    let far = Config {
        degrees: vec![1, 1, 1],
        devices: vec![DeviceId(8)],
    };
    assert!(sim
        .set_config(OpId(0), far)
        .unwrap_err()
        .message
        .contains("places a task on device 8, but device ids must be in [0, 8)"));
    let twice = Config {
        degrees: vec![2, 1, 1],
        devices: vec![DeviceId(1); 2],
    };
    assert!(sim
        .set_config(OpId(0), twice)
        .unwrap_err()
        .message
        .contains("places two tasks on device 1"));
    assert_eq!(sim.iteration_time(), before);
    let short = Strategy::flat(vec![]);
    assert!(Simulator::new(&g, &m, &cost, Mode::Training, short).is_err());
}

/// Bytes of the regions `loops` touches of `o`'s operands, less the intermediates of a fused chain
/// (`flexc_core::fusion`).
fn task_bytes(graph: &Graph, fusion: &Fusion, o: usize, loops: &[flexc_core::Interval]) -> f64 {
    let op = &graph.ops()[o];
    let n_in = op.inputs.len();
    op.accesses()
        .enumerate()
        .filter(|&(a, _)| match a.checked_sub(n_in) {
            None => !fusion.internal_input[o][a],
            Some(j) => !fusion.internal_output[o][j],
        })
        .map(|(_, a)| {
            let t = graph.tensor(a.tensor);
            flexc_core::graph::volume(&a.region(loops, &t.shape)) * t.dtype.size_bytes()
        })
        .sum::<u64>() as f64
}

/// The roofline of `work` for op `o`, without a launch when it runs inside its producer's kernel.
fn fused_roofline(cost: &CostModel, graph: &Graph, fusion: &Fusion, o: usize, work: Work) -> f64 {
    let op = &graph.ops()[o];
    let time = cost.roofline(op.class, op.dtype, work);
    if fusion.fused[o] {
        (time - cost.gpu().launch_overhead_s).max(0.0)
    } else {
        time
    }
}

/// Sum of every task's roofline time when the whole graph runs on one device.
fn serial_time(graph: &Graph, cost: &CostModel, mode: Mode) -> f64 {
    let mut forward = Vec::new();
    let mut backward = Vec::new();
    let fusion = Fusion::new(graph);
    for (o, op) in graph.ops().iter().enumerate() {
        // The regions the whole iteration space touches (attention reads one third of the fused QKV tensor).
        let loops = Config::single(op, DeviceId(0)).task_ranges(op, 0);
        let work = Work {
            flops: op.flops,
            bytes: task_bytes(graph, &fusion, o, &loops),
        };
        forward.push(fused_roofline(cost, graph, &fusion, o, work));
        backward.push(fused_roofline(
            cost,
            graph,
            &fusion,
            o,
            work.scaled(mode.backward_factor(graph, op)),
        ));
    }
    forward.iter().chain(backward.iter().rev()).sum()
}

#[test]
fn one_device_time_is_the_sum_of_task_costs() {
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    for (g, mode) in [
        (small_cnn(8), Mode::Training),
        (small_transformer(), Mode::Training),
        (small_transformer(), Mode::Inference),
    ] {
        let sim = Simulator::new(&g, &m, &cost, mode, Strategy::single_device(&g)).unwrap();
        let expected = serial_time(&g, &cost, mode);
        let rel = (sim.iteration_time() - expected).abs() / expected;
        assert!(rel < 1e-12, "{} vs {expected}", sim.iteration_time());
        let report = sim.report();
        assert_eq!(report.transfers + report.all_reduces, 0);
        assert!((report.critical_path.compute_s - expected).abs() / expected < 1e-12);
        assert!((report.devices[0].utilization - 1.0).abs() < 1e-12);
    }
}

/// Per-op forward + backward time of one data-parallel task (batch split `n` ways).
fn data_parallel_compute(graph: &Graph, cost: &CostModel, n: u64) -> f64 {
    let strategy = Strategy::data_parallel(graph, n as u32);
    let fusion = Fusion::new(graph);
    let mut total = 0.0;
    for (o, (op, config)) in graph.ops().iter().zip(&strategy.configs).enumerate() {
        assert_eq!(config.num_tasks() as u64, n, "the batch divides evenly");
        let loops = config.task_ranges(op, 0);
        let work = Work {
            flops: op.flops / n as f64,
            bytes: task_bytes(graph, &fusion, o, &loops),
        };
        total += fused_roofline(cost, graph, &fusion, o, work)
            + fused_roofline(
                cost,
                graph,
                &fusion,
                o,
                work.scaled(Mode::Training.backward_factor(graph, op)),
            );
    }
    total
}

fn ring_all_reduce(bytes: u64, n: u64, bandwidth: f64, latency: f64) -> f64 {
    let steps = 2.0 * (n - 1) as f64;
    steps / n as f64 * bytes as f64 / bandwidth + steps * latency
}

#[test]
fn data_parallel_matches_the_closed_form() {
    // Compute bound: gradients of all layers but the first overlap with the remaining backward pass; the first
    // layer's all-reduce is exposed.
    let g = synth::mlp(8192, &[1024, 1024, 1024, 1024]);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let sim = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Training,
        Strategy::data_parallel(&g, 8),
    )
    .unwrap();
    let first_weight = g.weights()[0];
    let exposed = ring_all_reduce(g.tensor(first_weight).bytes(), 8, 300e9, 2e-6);
    let closed = data_parallel_compute(&g, &cost, 8) + exposed;
    let rel = (sim.iteration_time() - closed).abs() / closed;
    assert!(
        rel < 0.02,
        "simulated {} vs closed form {closed}",
        sim.iteration_time()
    );
    assert_eq!(sim.report().all_reduces, 3);

    // Communication bound, across two nodes: the ring's 8 members per node cross between the nodes on
    // all 8 of its 25 GB/s NICs at once (NCCL's channels), 200 GB/s, slower than NVSwitch's 300 GB/s.
    let g = synth::mlp(64, &[8192, 8192]);
    let m = Machine::preset("dgx-a100:2").unwrap();
    let cost = CostModel::new(&m.gpu);
    let sim = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Training,
        Strategy::data_parallel(&g, 16),
    )
    .unwrap();
    let bytes = g.tensor(g.weights()[0]).bytes();
    let closed =
        data_parallel_compute(&g, &cost, 16) + ring_all_reduce(bytes, 16, 8.0 * 25e9, 5e-6);
    let rel = (sim.iteration_time() - closed).abs() / closed;
    assert!(
        rel < 0.02,
        "simulated {} vs closed form {closed}",
        sim.iteration_time()
    );
    let report = sim.report();
    assert!(
        report.critical_path.weight_sync_s > 0.9 * report.iteration_time_s,
        "{report}"
    );
}

#[test]
fn faster_links_never_slow_a_strategy_down() {
    let g = small_cnn(16);
    let base = Machine::preset("dgx-a100:2").unwrap();
    let mut fast_intra = base.clone();
    fast_intra.intra.bandwidth *= 2.0;
    let mut fast_inter = base.clone();
    fast_inter.inter.bandwidth *= 2.0;
    let cost = CostModel::new(&base.gpu);
    let mut rng = StdRng::seed_from_u64(11);
    let mut faster = 0;
    for _ in 0..60 {
        let s = random_strategy(&g, 16, &mut rng);
        let t = Simulator::new(&g, &base, &cost, Mode::Training, s.clone())
            .unwrap()
            .iteration_time();
        for m in [&fast_intra, &fast_inter] {
            let t2 = Simulator::new(&g, m, &cost, Mode::Training, s.clone())
                .unwrap()
                .iteration_time();
            assert!(t2 <= t, "doubling bandwidth slowed {t} to {t2}");
            faster += usize::from(t2 < t);
        }
    }
    assert!(faster > 30, "bandwidth should matter for random strategies");
}

#[test]
fn convolution_halos_are_transferred() {
    let mut b = Builder::new("halo", DType::F32);
    let x = b.input("x", &[2, 4, 8, 8], DType::F32);
    let y = b.conv2d(x, 4, 3, 1, 1);
    b.conv2d(y, 4, 3, 1, 1);
    let g = b.finish();
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    // Both convolutions split their output rows in two, on gpu0 and gpu1.
    let rows = Config {
        degrees: vec![1, 1, 2, 1, 1, 1, 1],
        devices: vec![DeviceId(0), DeviceId(1)],
    };
    let s = Strategy::flat(vec![rows.clone(), rows]);
    let sim = Simulator::new(&g, &m, &cost, Mode::Training, s).unwrap();
    let timeline = sim.timeline();
    let transfers: Vec<_> = timeline
        .iter()
        .filter(|t| t.kind == TaskKind::Transfer)
        .collect();
    // Each half needs one halo row of the other: 2 images × 4 channels × 1 row × 8 columns × 4 bytes.
    assert_eq!(transfers.len(), 2);
    assert!(transfers.iter().all(|t| t.bytes == 2 * 4 * 8 * 4));
    assert_eq!(
        transfers[0].resources,
        vec![Resource::Channel(flexc_core::machine::Channel::Pair(
            DeviceId(1),
            DeviceId(0)
        ))]
    );
    let grads = timeline
        .iter()
        .filter(|t| t.kind == TaskKind::GradientTransfer)
        .count();
    assert_eq!(grads, 2);
    // Both filters are replicated on two devices: two all-reduces of 4·4·3·3 floats.
    let syncs: Vec<_> = timeline
        .iter()
        .filter(|t| t.kind == TaskKind::AllReduce)
        .collect();
    assert_eq!(syncs.len(), 2);
    assert!(syncs.iter().all(|t| t.bytes == 4 * 4 * 3 * 3 * 4));
}

#[test]
fn split_reductions_send_partial_sums() {
    let g = synth::mlp(4, &[8, 6]);
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let mut s = Strategy::single_device(&g);
    s.configs[0] = Config {
        degrees: vec![1, 1, 2],
        devices: vec![DeviceId(0), DeviceId(1)],
    };
    let sim = Simulator::new(&g, &m, &cost, Mode::Training, s).unwrap();
    let timeline = sim.timeline();
    let transfers: Vec<_> = timeline
        .iter()
        .filter(|t| t.kind == TaskKind::Transfer)
        .collect();
    assert_eq!(
        transfers.len(),
        1,
        "gpu1's partial sum of the whole [4, 6] output goes to gpu0"
    );
    assert_eq!(transfers[0].bytes, 4 * 6 * 4);
    assert_eq!(transfers[0].peer_task, Some(1));
    // The weight is split, not replicated: nothing to all-reduce.
    assert_eq!(sim.report().all_reduces, 0);
}

#[test]
fn memory_follows_the_documented_model() {
    // x[4,8] · w[8,6] → relu → loss against labels[4]: see `flexc_core::memory` for what lives when.
    let g = synth::mlp(4, &[8, 6]);
    assert_eq!(g.tensor(g.weights()[0]).kind, TensorKind::Weight);
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let sim = Simulator::new(&g, &m, &cost, Mode::Training, Strategy::single_device(&g)).unwrap();
    // Peak at the loss's backward: x 128 + w·3 576 (weight, gradient, momentum) + z 96 + labels 32 +
    // loss 16 + dloss 16 + dz 96. The matmul's output y feeds only the ReLU, fused into its epilogue
    // (`flexc_core::fusion`): never in memory.
    assert_eq!(sim.peak_memory(DeviceId(0)), 960);
    assert_eq!(sim.peak_memory(DeviceId(1)), 0);
    let report = sim.report();
    assert_eq!(report.devices[0].weight_memory, 576);
    assert_eq!(report.devices[0].parameter_memory, 192);
    // Adam keeps two moments: one more weight's worth.
    let adam = CostModel::new(&m.gpu)
        .with_state(flexc_core::precision::WeightState {
            optimizer: flexc_core::precision::Optimizer::Adam,
            ..Default::default()
        })
        .unwrap();
    let sim = Simulator::new(&g, &m, &adam, Mode::Training, Strategy::single_device(&g)).unwrap();
    assert_eq!(sim.peak_memory(DeviceId(0)), 960 + 192);
    let inference =
        Simulator::new(&g, &m, &cost, Mode::Inference, Strategy::single_device(&g)).unwrap();
    // At the matmul: x 128 + w 192 + labels 32 (x is dead after it; y stays in the fused kernel).
    assert_eq!(inference.peak_memory(DeviceId(0)), 352);
}

#[test]
fn over_capacity_strategies_are_flagged() {
    // GPT-2 small at batch 256 keeps over 100 GiB of activations for the backward pass, even with
    // fused attention (no scores stored).
    let g = synth::transformer(&TransformerSpec::gpt2_small(256));
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let single =
        Simulator::new(&g, &m, &cost, Mode::Training, Strategy::single_device(&g)).unwrap();
    assert!(!single.fits_memory());
    assert_eq!(single.report().over_capacity(), vec![DeviceId(0)]);
    let dp = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Training,
        Strategy::data_parallel(&g, 8),
    )
    .unwrap();
    assert!(dp
        .peak_memories()
        .iter()
        .all(|&p| p < single.peak_memory(DeviceId(0)) / 4));
}

#[test]
fn profile_entries_change_the_simulated_time() {
    let g = synth::mlp(32, &[64, 64]);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let plain = CostModel::new(&m.gpu);
    let mut db = ProfileDb::default();
    db.insert(ProfileEntry {
        op: "linalg.matmul".into(),
        shape: vec![32, 64, 64],
        dtype: DType::F32,
        device: m.gpu.name.clone(),
        forward_s: 1e-3,
        backward_s: Some(2e-3),
    });
    let profiled = CostModel::new(&m.gpu).with_profile(db);
    let s = Strategy::single_device(&g);
    let t0 = Simulator::new(&g, &m, &plain, Mode::Training, s.clone())
        .unwrap()
        .iteration_time();
    let t1 = Simulator::new(&g, &m, &profiled, Mode::Training, s)
        .unwrap()
        .iteration_time();
    assert!(t0 < 1e-4);
    assert!(t1 > 3e-3 && t1 < 3e-3 + t0, "{t1}");
}

#[test]
fn chrome_trace_is_well_formed_and_fifo() {
    let g = small_cnn(16);
    let m = Machine::preset("dgx-a100:2").unwrap();
    let cost = CostModel::new(&m.gpu);
    let mut rng = StdRng::seed_from_u64(5);
    let sim = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Training,
        random_strategy(&g, 16, &mut rng),
    )
    .unwrap();
    let trace: serde_json::Value = serde_json::from_str(&sim.chrome_trace()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    let mut tracks: std::collections::BTreeMap<u64, Vec<(f64, f64)>> = Default::default();
    let mut names = std::collections::BTreeMap::new();
    for e in events {
        match e["ph"].as_str().unwrap() {
            "X" => {
                assert!(e["name"].is_string() && e["cat"].is_string() && e["pid"].is_u64());
                let (ts, dur) = (e["ts"].as_f64().unwrap(), e["dur"].as_f64().unwrap());
                assert!(ts >= 0.0 && dur > 0.0);
                tracks
                    .entry(e["tid"].as_u64().unwrap())
                    .or_default()
                    .push((ts, dur));
            }
            "M" => {
                if e["name"] == "thread_name" {
                    names.insert(
                        e["tid"].as_u64().unwrap(),
                        e["args"]["name"].as_str().unwrap().to_string(),
                    );
                }
            }
            other => panic!("unexpected phase {other}"),
        }
    }
    assert!(
        tracks.keys().all(|tid| names.contains_key(tid)),
        "every track is named"
    );
    assert!(tracks.len() > 16, "devices and links have tracks");
    for (tid, mut spans) in tracks {
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        for w in spans.windows(2) {
            assert!(
                w[0].0 + w[0].1 <= w[1].0 + 1e-6,
                "overlap on track {} ({tid}): {w:?}",
                names[&tid]
            );
        }
    }
    let last_end = sim.timeline().iter().map(|t| t.end_s()).fold(0.0, f64::max);
    assert_eq!(last_end, sim.iteration_time());
}

#[test]
fn report_snapshot() {
    let g = small_cnn(16);
    let m = Machine::preset("p100-4x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(8).unwrap())
        .unwrap();
    let cost = CostModel::new(&m.gpu);
    let mut s = Strategy::data_parallel(&g, 8);
    // The classifier model-parallel over gpu4 and gpu5 (the "one weird trick").
    let fc = OpId::new(g.num_ops() - 2);
    s.configs[fc.index()] = Config {
        degrees: vec![1, 2, 1],
        devices: vec![DeviceId(4), DeviceId(5)],
    };
    let sim = Simulator::new(&g, &m, &cost, Mode::Training, s).unwrap();
    insta::assert_snapshot!(sim.report().to_string());
}

/// `x · w → column sums over the samples → arithmetic on the sums → normalize x · w by them`: the shape of a
/// batch norm in a training step (the sums' sample loop has the sample role, as `par-import` gives it with
/// `sample-reductions`).
fn statistics_graph() -> Graph {
    statistics_graph_with(false)
}

/// [`statistics_graph`], with `update`: the scale also updates the matmul's weight (`w - scale`, a
/// trainable weight's update), as a gradient's sums feed the optimizer.
fn statistics_graph_with(update: bool) -> Graph {
    use flexc_core::graph::{Access, AffineDim, Dim, Op, OpClass, Role};
    let mut g = Graph::new();
    let x = g.add_tensor("x", vec![8, 16], DType::F32, TensorKind::Input);
    let w = g.add_tensor("w", vec![16, 32], DType::F32, TensorKind::Weight);
    let y = g.add_tensor("y", vec![8, 32], DType::F32, TensorKind::Activation);
    let sums = g.add_tensor("sums", vec![32], DType::F32, TensorKind::Activation);
    let scale = g.add_tensor("scale", vec![32], DType::F32, TensorKind::Activation);
    let z = g.add_tensor("z", vec![8, 32], DType::F32, TensorKind::Activation);
    let d = AffineDim::dim;
    let op = |name: &str, class, dims: Vec<Dim>, inputs, outputs| Op {
        name: name.into(),
        location: String::new(),
        class,
        dims,
        inputs,
        outputs,
        flops: 1000.0,
        dtype: DType::F32,
        position_mask: None,
    };
    let access = |tensor, exprs| Access { tensor, exprs };
    let ops = [
        op(
            "linalg.matmul",
            OpClass::Contraction,
            vec![
                Dim::new(8, Role::Sample),
                Dim::new(32, Role::Parameter),
                Dim::new(16, Role::Reduction),
            ],
            vec![access(x, vec![d(0), d(2)]), access(w, vec![d(2), d(1)])],
            vec![access(y, vec![d(0), d(1)])],
        ),
        op(
            "linalg.generic",
            OpClass::Reduction,
            vec![Dim::new(8, Role::Sample), Dim::new(32, Role::Attribute)],
            vec![access(y, vec![d(0), d(1)])],
            vec![access(sums, vec![d(1)])],
        ),
        op(
            "linalg.generic",
            OpClass::Elementwise,
            vec![Dim::new(32, Role::Attribute)],
            vec![access(sums, vec![d(0)])],
            vec![access(scale, vec![d(0)])],
        ),
        op(
            "linalg.generic",
            OpClass::Elementwise,
            vec![Dim::new(8, Role::Sample), Dim::new(32, Role::Attribute)],
            vec![access(y, vec![d(0), d(1)]), access(scale, vec![d(1)])],
            vec![access(z, vec![d(0), d(1)])],
        ),
    ];
    for o in ops {
        g.add_op(o).unwrap();
    }
    if update {
        let updated = g.add_tensor("w_new", vec![16, 32], DType::F32, TensorKind::Activation);
        g.add_op(op(
            "linalg.generic",
            OpClass::Elementwise,
            vec![Dim::new(16, Role::Attribute), Dim::new(32, Role::Parameter)],
            vec![access(w, vec![d(0), d(1)]), access(scale, vec![d(1)])],
            vec![access(updated, vec![d(0), d(1)])],
        ))
        .unwrap();
    }
    g
}

#[test]
fn data_parallel_replicates_ops_without_a_sample_dim() {
    let g = statistics_graph();
    let m = Machine::preset("p100-4x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(4).unwrap())
        .unwrap();
    let cost = CostModel::new(&m.gpu);
    let dp = flexc_core::baselines::data_parallel(&g, 4);
    assert!(dp.configs[2].is_replicated());
    assert_eq!(dp.configs[2].devices.len(), 4);
    // As a training step (no backward added): the sums are all-reduced once, every device computes the
    // scale itself, nothing else moves.
    let sim = Simulator::new(&g, &m, &cost, Mode::Inference, dp.clone()).unwrap();
    let report = sim.report();
    assert_eq!(report.transfers, 0, "{report}");
    assert_eq!(report.all_reduces, 1, "{report}");
    let scale_tasks = sim
        .timeline()
        .iter()
        .filter(|t| t.kind == TaskKind::Forward && t.op == OpId(2))
        .count();
    assert_eq!(scale_tasks, 4);
    // The scale is a statistic (it feeds no trainable weight's update): like DDP's batch norm, each device
    // computes it from its own partial sums, without waiting for their all-reduce.
    let timeline = sim.timeline();
    let reduced = timeline
        .iter()
        .find(|t| t.kind == TaskKind::AllReduce)
        .map(|t| t.end_s())
        .unwrap();
    let scale_starts = |timeline: &[flexc_core::sim::TaskRecord]| {
        timeline
            .iter()
            .filter(|t| t.kind == TaskKind::Forward && t.op == OpId(2))
            .map(|t| t.start_s)
            .fold(f64::INFINITY, f64::min)
    };
    assert!(scale_starts(&timeline) < reduced);
    // When the scale updates a trainable weight, it is a gradient's: every copy waits for the all-reduce.
    let g2 = statistics_graph_with(true);
    let dp2 = flexc_core::baselines::data_parallel(&g2, 4);
    assert!(dp2.configs[4].is_replicated());
    let timeline = Simulator::new(&g2, &m, &cost, Mode::Inference, dp2)
        .unwrap()
        .timeline();
    let reduced = timeline
        .iter()
        .find(|t| t.kind == TaskKind::AllReduce)
        .map(|t| t.end_s())
        .unwrap();
    assert!(scale_starts(&timeline) >= reduced);
    // Kept on device 0 (the search's starting point), the scale is sent to the three other devices.
    let on_one = Simulator::new(
        &g,
        &m,
        &cost,
        Mode::Inference,
        Strategy::data_parallel(&g, 4),
    )
    .unwrap();
    assert_eq!(on_one.report().transfers, 3);
}

#[test]
fn delta_equals_full_with_statistics() {
    let g = statistics_graph();
    let m = Machine::preset("p100-4x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(4).unwrap())
        .unwrap();
    for seed in 0..4 {
        check_delta(&g, &m, Mode::Inference, 200, seed);
        check_delta(&g, &m, Mode::Training, 200, seed);
    }
    let g = statistics_graph_with(true);
    for seed in 0..4 {
        check_delta(&g, &m, Mode::Inference, 200, seed);
    }
}

// ---- a host runtime's costs (machine `[runtime]`, crate::machine::RuntimeCosts) ----

/// A two-device host whose `[runtime]` table is `runtime` (TOML lines), with round figures.
fn host(runtime: &str) -> Machine {
    let text = format!(
        "name = \"host\"\nnodes = 1\ngpus_per_node = 2\n\
         [gpu]\nname = \"cpu\"\nmem_bandwidth = 1e10\nmem_capacity = 1e10\nlaunch_overhead_s = 1e-7\n\
         [gpu.peak_flops]\nf32 = 1e10\n\
         [intra]\nkind = \"pcie\"\nbandwidth = 1e9\nlatency_s = 1e-5\n\
         [inter]\nkind = \"ethernet\"\nbandwidth = 1e9\nlatency_s = 1e-5\n\
         [runtime]\n{runtime}\n"
    );
    Machine::from_toml(&text, "host.toml").unwrap()
}

/// Input `[batch, 64]`, two matmuls with ReLUs; the last ReLU's `[batch, 32]` result is the output.
fn two_layers(batch: u64) -> Graph {
    let mut b = Builder::new("two", DType::F32);
    let x = b.input("x", &[batch, 64], DType::F32);
    let y = b.matmul(x, 64);
    let y = b.elementwise("linalg.generic", &[y], 1.0);
    let y = b.matmul(y, 32);
    b.elementwise("linalg.generic", &[y], 1.0);
    b.finish()
}

fn time(graph: &Graph, machine: &Machine, strategy: Strategy) -> f64 {
    let cost = CostModel::new(&machine.gpu);
    Simulator::new(graph, machine, &cost, Mode::Inference, strategy)
        .unwrap()
        .iteration_time()
}

#[test]
fn runtime_costs_default_to_none() {
    let m = Machine::preset("dgx-a100:1").unwrap();
    assert_eq!(m.runtime, Default::default());
    let g = two_layers(8);
    let off = host("");
    let zero = host(
        "barrier_s = 0\ntransfers_on_devices = false\ngather_outputs = false\nreplicated_work = false",
    );
    let dp = Strategy::data_parallel(&g, 2);
    assert_eq!(
        time(&g, &off, dp.clone()).to_bits(),
        time(&g, &zero, dp).to_bits()
    );
}

#[test]
fn the_barrier_delays_every_device_when_two_run() {
    let g = two_layers(8);
    let (off, on) = (host(""), host("barrier_s = 3e-5"));
    let dp = Strategy::data_parallel(&g, 2);
    let base = time(&g, &off, dp.clone());
    assert!((time(&g, &on, dp) - (base + 3e-5)).abs() < 1e-15);
    // One device meets nobody.
    let (off1, on1) = (
        off.with_devices(flexc_core::DeviceCount::new(1).unwrap())
            .unwrap(),
        on.with_devices(flexc_core::DeviceCount::new(1).unwrap())
            .unwrap(),
    );
    let single = Strategy::single_device(&g);
    assert_eq!(
        time(&g, &off1, single.clone()).to_bits(),
        time(&g, &on1, single).to_bits()
    );
}

#[test]
fn replicated_work_runs_whole_on_every_device_first() {
    let mut g = two_layers(8);
    g.add_replicated(flexc_core::ReplicatedOp {
        name: "linalg.transpose".into(),
        class: flexc_core::OpClass::DataMovement,
        dtype: DType::F32,
        flops: 0.0,
        bytes: 2e5,
    });
    let (off, on) = (host(""), host("replicated_work = true"));
    // 2e5 bytes at 1e10 B/s plus the launch overhead, on both devices before their first task.
    let extra = 2e5 / 1e10 + 1e-7;
    for strategy in [Strategy::data_parallel(&g, 2), Strategy::single_device(&g)] {
        let base = time(&g, &off, strategy.clone());
        let charged = time(&g, &on, strategy);
        assert!(
            (charged - (base + extra)).abs() < 1e-15,
            "{charged} vs {base} + {extra}"
        );
    }
}

#[test]
fn outputs_are_gathered_on_device_zero() {
    let g = two_layers(8);
    let (off, on) = (host(""), host("gather_outputs = true"));
    let dp = Strategy::data_parallel(&g, 2);
    let base = time(&g, &off, dp.clone());
    // Device 1's half of the [8, 32] f32 output: 4 * 32 * 4 bytes over the link after both finish.
    let gathered = time(&g, &on, dp);
    let message = 1e-5 + (4 * 32 * 4) as f64 / 1e9;
    assert!(
        (gathered - (base + message)).abs() < 1e-12,
        "{gathered} vs {base} + {message}"
    );
    // Everything on device 0: nothing to gather.
    let single = Strategy::single_device(&g);
    assert_eq!(
        time(&g, &off, single.clone()).to_bits(),
        time(&g, &on, single).to_bits()
    );
}

#[test]
fn transfers_on_devices_hold_both_devices() {
    let g = two_layers(8);
    let (off, on) = (host(""), host("transfers_on_devices = true"));
    let cost = CostModel::new(&on.gpu);
    let mp = flexc_core::baselines::model_parallel(&g, 2);
    let sim = Simulator::new(&g, &on, &cost, Mode::Inference, mp.clone()).unwrap();
    let transfers: Vec<_> = sim
        .timeline()
        .into_iter()
        .filter(|t| t.kind == TaskKind::Transfer)
        .collect();
    assert!(!transfers.is_empty(), "model parallelism moves activations");
    for t in &transfers {
        let devices = t
            .resources
            .iter()
            .filter(|r| matches!(r, Resource::Device(_)))
            .count();
        assert_eq!(devices, 2, "{t:?}");
    }
    assert!(sim.iteration_time() >= time(&g, &off, mp));
}

#[test]
fn delta_equals_full_with_runtime_costs() {
    let mut g = small_transformer();
    g.add_replicated(flexc_core::ReplicatedOp {
        name: "linalg.fill".into(),
        class: flexc_core::OpClass::Elementwise,
        dtype: DType::F32,
        flops: 0.0,
        bytes: 4096.0,
    });
    let m = host(
        "barrier_s = 2e-6\ntransfers_on_devices = true\ngather_outputs = true\nreplicated_work = true",
    );
    check_delta(&g, &m, Mode::Inference, 800, 6);
    check_delta(&g, &m, Mode::Training, 400, 7);
}

/// A random configuration on `n_dev` devices that has a flat form across replicas
/// ([`Strategy::expanded`]): ops without a sample loop run as one task.
fn random_replica_config(graph: &Graph, op: OpId, n_dev: u32, rng: &mut StdRng) -> Config {
    let o = graph.op(op);
    if o.first_dim(flexc_core::Role::Sample).is_none() {
        return Config::single(o, DeviceId(rng.random_range(0..n_dev)));
    }
    random_config(graph, op, n_dev, rng)
}

/// The symmetric simulation of `d` replicas (one replica's graph and tasks, cross-replica all-reduces
/// lifted) equals the per-device simulation of the expanded strategy: iteration time and every device's
/// peak memory of replica 0, for data parallelism inside the replica and for random replica strategies,
/// with and without a backward pass, where replicas are whole nodes or the machine is one node.
#[test]
fn symmetric_replicas_equal_the_per_device_simulation() {
    type Build = fn(u64) -> Graph;
    let models: [(&str, Build, u64); 4] = [
        ("mlp", |b| synth::mlp(b, &[64, 128, 64, 32]), 32),
        ("cnn", small_cnn, 16),
        (
            "transformer",
            |b| {
                synth::transformer(&TransformerSpec {
                    batch: b,
                    ..TransformerSpec::TINY
                })
            },
            16,
        ),
        ("rnn", |b| synth::rnn(b, 32, 4), 16),
    ];
    let machines = [
        Machine::preset("p100-4x4").unwrap(),
        Machine::preset("dgx-a100:2").unwrap(),
        Machine::preset("dgx-a100:1").unwrap(),
    ];
    let mut rng = StdRng::seed_from_u64(7);
    let mut compared = 0;
    for (name, build, batch) in models {
        let full = build(batch);
        for machine in &machines {
            let n = machine.num_devices();
            let cost = CostModel::new(&machine.gpu);
            for d in [2u32, 4, 8, 16].into_iter().filter(|d| n % d == 0) {
                let width = n / d;
                let g = machine.gpus_per_node;
                // Replicas that share a node of a multi-node machine play different parts in a ring
                // that crosses nodes: the per-device simulation is not symmetric itself there.
                let symmetric = width % g == 0 || machine.nodes_in_use() == 1;
                if !symmetric || batch % u64::from(d) != 0 {
                    continue;
                }
                let replica = build(batch / u64::from(d));
                for mode in [Mode::Training, Mode::Inference] {
                    for trial in 0..4 {
                        let configs = if trial == 0 {
                            Strategy::data_parallel(&replica, width).configs
                        } else {
                            replica
                                .topological_order()
                                .map(|op| random_replica_config(&replica, op, width, &mut rng))
                                .collect()
                        };
                        let mut strategy = Strategy::flat(configs);
                        strategy.schedule.replicas = d;
                        let Some(flat) = strategy.expanded(&full, n, 0) else {
                            continue;
                        };
                        let sym = Simulator::new(&replica, machine, &cost, mode, strategy)
                            .unwrap_or_else(|e| panic!("{name} d={d}: {e}"));
                        let per_device = Simulator::new(&full, machine, &cost, mode, flat)
                            .unwrap_or_else(|e| panic!("{name} d={d} expanded: {e}"));
                        let (a, b) = (sym.iteration_time(), per_device.iteration_time());
                        assert!(
                            (a - b).abs() <= 1e-9 * b.max(1e-12),
                            "{name} on {} d={d} {mode:?} trial {trial}: symmetric {a} vs per-device {b}",
                            machine.name
                        );
                        for x in 0..width {
                            assert_eq!(
                                sym.peak_memory(DeviceId(x)),
                                per_device.peak_memory(DeviceId(x)),
                                "{name} d={d} {mode:?} trial {trial}: memory of gpu{x}"
                            );
                        }
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 50, "only {compared} strategies compared");
}

/// Delta simulation of a symmetric strategy on thousands of devices (512 replicas of a node, one ring
/// over all of them per weight) equals its full simulation after every change, as on small machines;
/// and `probe_delta`, which the scale benchmark uses, says so on the same strategy.
#[test]
fn delta_equals_full_with_replicas_on_4096_devices() {
    let machine = Machine::preset("dgx-a100:512").unwrap();
    let cost = CostModel::new(&machine.gpu);
    let (d, width) = (512u32, 8u32);
    let replica = synth::transformer(&TransformerSpec {
        batch: 8,
        ..TransformerSpec::TINY
    });
    let mut rng = StdRng::seed_from_u64(11);
    for mode in [Mode::Training, Mode::Inference] {
        let mut start = Strategy::data_parallel(&replica, width);
        start.schedule.replicas = d;
        let mut sim = Simulator::new(&replica, &machine, &cost, mode, start.clone()).unwrap();
        for step in 0..120 {
            let op = OpId::new(rng.random_range(0..replica.num_ops()));
            let config = random_replica_config(&replica, op, width, &mut rng);
            sim.set_config(op, config).unwrap();
            let fresh =
                Simulator::new(&replica, &machine, &cost, mode, sim.strategy().clone()).unwrap();
            assert_eq!(
                sim.iteration_time().to_bits(),
                fresh.iteration_time().to_bits(),
                "{mode:?} step {step}: delta {} vs full {}",
                sim.iteration_time(),
                fresh.iteration_time()
            );
            assert_eq!(
                sim.peak_memories(),
                fresh.peak_memories(),
                "{mode:?} step {step}"
            );
        }
        let probe =
            flexc_core::sim::probe_delta(&replica, &machine, &cost, mode, start, 20, 3).unwrap();
        assert!(probe.exact, "{mode:?}: {probe:?}");
        assert_eq!(probe.deltas, 40);
        assert!(probe.full_s > 0.0 && probe.delta_s > 0.0, "{probe:?}");
    }
}

/// A `[rows, cols]` activation written split by rows (the samples) on `d` devices and read split by
/// columns (the experts) on the same devices: the exchange between them is an all-to-all.
fn transposed_layouts(d: u64, elems: u64) -> (Graph, Strategy) {
    let mut b = Builder::new("all-to-all", DType::F32);
    let x = b.input("x", &[d * elems, d * elems], DType::F32);
    let y = b.elementwise("linalg.generic", &[x], 1.0);
    b.elementwise("linalg.generic", &[y], 1.0);
    let g = b.finish();
    let devices: Vec<DeviceId> = (0..d as u32).map(DeviceId).collect();
    let rows = Config {
        degrees: vec![d, 1],
        devices: devices.clone(),
    };
    let cols = Config {
        degrees: vec![1, d],
        devices,
    };
    (g, Strategy::flat(vec![rows, cols]))
}

/// The span of an edge's transfers: first start to last end.
fn transfer_span(sim: &Simulator) -> (usize, f64) {
    let timeline = sim.timeline();
    let transfers: Vec<_> = timeline
        .iter()
        .filter(|t| t.kind == TaskKind::Transfer)
        .collect();
    let start = transfers.iter().map(|t| t.start_s).fold(f64::MAX, f64::min);
    let end = transfers
        .iter()
        .map(|t| t.start_s + t.duration_s)
        .fold(0.0, f64::max);
    (transfers.len(), end - start)
}

#[test]
fn an_all_to_all_takes_its_closed_form() {
    // Inside a node (8 H100 over NVSwitch): each device sends (d-1)/d of what it holds, one piece to each
    // other device, in d-1 rounds of a pairwise exchange: bytes·(d-1)/d / bandwidth + latency.
    let m = Machine::preset("dgx-h100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    for d in [4u64, 8] {
        let (g, s) = transposed_layouts(d, 1024);
        let held = (d * 1024) * (d * 1024) / d * 4;
        let sim = Simulator::new(&g, &m, &cost, Mode::Inference, s).unwrap();
        let (count, span) = transfer_span(&sim);
        assert_eq!(count as u64, d * (d - 1));
        let closed =
            held as f64 * (d - 1) as f64 / d as f64 / m.intra.bandwidth + m.intra.latency_s;
        assert!(
            (span - closed).abs() <= 1e-9 * closed,
            "{d} devices: simulated {span:e} s, closed form {closed:e} s"
        );
        let report = sim.report();
        assert_eq!(report.all_to_alls, 1);
        assert_eq!(report.all_to_all_bytes, held * (d - 1));
    }
    // Two nodes of 8: 7 pieces over NVLink and 8 over the device's own NIC, at once; the NICs take longer.
    let m = Machine::preset("dgx-h100:2").unwrap();
    let d = 16u64;
    let (g, s) = transposed_layouts(d, 512);
    let held = (d * 512) * (d * 512) / d * 4;
    let sim = Simulator::new(&g, &m, &cost, Mode::Inference, s).unwrap();
    let (_, span) = transfer_span(&sim);
    let nvlink = held as f64 * 7.0 / 16.0 / m.intra.bandwidth + m.intra.latency_s;
    let nics = held as f64 * 8.0 / 16.0 / m.inter.bandwidth + m.inter.latency_s;
    let closed = nvlink.max(nics);
    assert!(
        (span - closed).abs() <= 1e-9 * closed,
        "16 devices on 2 nodes: simulated {span:e} s, closed form {closed:e} s"
    );
}

#[test]
fn an_all_gather_is_no_all_to_all() {
    // Rows split, then the whole tensor on every device: each device sends all it holds to each other.
    let m = Machine::preset("dgx-h100:1").unwrap();
    let (g, mut s) = transposed_layouts(4, 64);
    s.configs[1] = Config::replicated(g.op(OpId::new(1)), (0..4).map(DeviceId::new));
    let cost = CostModel::new(&m.gpu);
    let sim = Simulator::new(&g, &m, &cost, Mode::Inference, s).unwrap();
    assert_eq!(sim.report().all_to_alls, 0);
    assert_eq!(sim.report().transfers, 12);
}

//! Simulator benchmark: full simulation (build the task graph and simulate) against delta simulation (one
//! op's configuration changed, as in an MCMC proposal) on ResNet-101- and GPT-2-small-sized graphs.
//!
//! Run with `cargo bench -p flexc-core --bench sim` (release build). Columns: `full ms`, the fastest full
//! simulation of the data-parallel strategy (build the task graph, simulate, peak memory) and its tasks per
//! second; then 200 proposals, each giving one random op a random valid configuration ([`Config::random`]) and
//! then reverting it, as a rejected MCMC proposal is: `full/prop ms` is a fresh full simulation of the proposed
//! strategy, `delta ms` the mean of the two `set_config` calls, `speedup` their ratio; `apply ms` and
//! `revert ms` are the two calls' means (a revert restores what the change replaced instead of simulating
//! again), `apply x` the ratio of `full/prop ms` to `apply ms`. Every proposal checks that delta and full agree
//! bit for bit.

use std::hint::black_box;
use std::time::{Duration, Instant};

use flexc_core::cost::CostModel;
use flexc_core::graph::{Graph, Mode, OpId};
use flexc_core::machine::Machine;
use flexc_core::sim::Simulator;
use flexc_core::strategy::{Config, Strategy};
use flexc_core::synth::{self, ResNetSpec, TransformerSpec};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const PROPOSALS: usize = 200;

fn bench(name: &str, graph: &Graph, gpus: u32) {
    let machine = Machine::preset(&format!("dgx-a100:{}", gpus / 8)).expect("preset exists");
    let cost = CostModel::new(&machine.gpu);
    let start = Strategy::data_parallel(graph, gpus);

    // Full simulation of the starting strategy: the fastest of several rounds (the machine may be shared).
    let mut full = f64::INFINITY;
    let mut tasks = 0;
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_millis(600) {
        let t = Instant::now();
        for _ in 0..5 {
            let sim = Simulator::new(graph, &machine, &cost, Mode::Training, start.clone())
                .expect("valid strategy");
            tasks = sim.num_tasks();
            black_box(sim.iteration_time());
        }
        full = full.min(t.elapsed().as_secs_f64() / 5.0);
    }

    // Random single-op proposals: delta (apply + revert) against a fresh full simulation of the proposal.
    let mut rng = StdRng::seed_from_u64(42);
    let mut sim = Simulator::new(graph, &machine, &cost, Mode::Training, start.clone())
        .expect("valid strategy");
    let (mut delta_s, mut full_s, mut deltas) = (0.0, 0.0, 0u32);
    let mut apply_s = 0.0;
    for _ in 0..PROPOSALS {
        let op = OpId::new(rng.random_range(0..graph.num_ops()));
        let old = sim.strategy().config(op).clone();
        let proposal = Config::random(graph.op(op), gpus, &mut rng);

        let t = Instant::now();
        sim.set_config(op, proposal.clone())
            .expect("valid proposal");
        black_box(sim.iteration_time());
        delta_s += t.elapsed().as_secs_f64();
        apply_s += t.elapsed().as_secs_f64();

        let mut proposed = sim.strategy().clone();
        proposed.configs[op.index()] = proposal;
        let t = Instant::now();
        let fresh = Simulator::new(graph, &machine, &cost, Mode::Training, proposed)
            .expect("valid strategy");
        full_s += t.elapsed().as_secs_f64();
        assert_eq!(
            fresh.iteration_time().to_bits(),
            sim.iteration_time().to_bits(),
            "delta and full disagree"
        );

        let t = Instant::now();
        sim.set_config(op, old).expect("valid config");
        black_box(sim.iteration_time());
        delta_s += t.elapsed().as_secs_f64();
        deltas += 2;
    }
    let delta = delta_s / f64::from(deltas);
    let full_proposal = full_s / PROPOSALS as f64;
    let (apply, revert) = (
        apply_s / PROPOSALS as f64,
        (delta_s - apply_s) / PROPOSALS as f64,
    );
    println!(
        "{name:<12} {gpus:>4} {:>5} {tasks:>8} {:>10.3} {:>12.2} {:>12.3} {:>10.3} {:>8.1}x {:>9.3} {:>9.3} {:>7.1}x",
        graph.num_ops(),
        full * 1e3,
        tasks as f64 / full / 1e6,
        full_proposal * 1e3,
        delta * 1e3,
        full_proposal / delta,
        apply * 1e3,
        revert * 1e3,
        full_proposal / apply,
    );
}

fn main() {
    println!(
        "{:<12} {:>4} {:>5} {:>8} {:>10} {:>12} {:>12} {:>10} {:>9} {:>9} {:>9} {:>8}",
        "model",
        "gpus",
        "ops",
        "tasks",
        "full ms",
        "Mtasks/s",
        "full/prop ms",
        "delta ms",
        "speedup",
        "apply ms",
        "revert ms",
        "apply x"
    );
    for gpus in [16, 64] {
        bench(
            "resnet-101",
            &synth::resnet(&ResNetSpec::resnet101(256)),
            gpus,
        );
        bench(
            "gpt-2-small",
            &synth::transformer(&TransformerSpec::gpt2_small(64)),
            gpus,
        );
    }
}

//! Search properties: determinism, never worse than the baselines, exactness of the dynamic program, valid
//! tilings, memory awareness, clear errors.

use flexc_core::baselines;
use flexc_core::cost::CostModel;
use flexc_core::graph::{DType, Graph, Mode};
use flexc_core::machine::Machine;
use flexc_core::search::{
    self, additive_cost, dp_candidates, mcmc, pase_dp, soybean_tiling, Deadline, DpOptions,
    McmcOptions, SearchError, StopReason,
};
use flexc_core::sim::Simulator;
use flexc_core::strategy::Strategy;
use flexc_core::synth::{self, Builder, ResNetSpec, TransformerSpec};

fn small_cnn(batch: u64) -> Graph {
    synth::resnet(&ResNetSpec {
        batch,
        image: 32,
        blocks: [1, 1, 0, 0],
        width: 16,
        classes: 100,
    })
}

fn small_transformer(batch: u64) -> Graph {
    synth::transformer(&TransformerSpec {
        batch,
        seq: 64,
        hidden: 128,
        heads: 4,
        layers: 2,
        ffn: 512,
        vocab: 1024,
    })
}

fn time_of(graph: &Graph, machine: &Machine, strategy: &Strategy) -> (f64, bool) {
    let cost = CostModel::new(&machine.gpu);
    let sim = Simulator::new(graph, machine, &cost, Mode::Training, strategy.clone()).unwrap();
    (sim.iteration_time(), sim.fits_memory())
}

fn options(seed: u64, proposals: u64) -> McmcOptions {
    McmcOptions {
        seed,
        chains: 3,
        proposals: Some(proposals),
        ..McmcOptions::default()
    }
}

#[test]
fn same_seed_same_strategy_whatever_the_threads() {
    let g = small_transformer(8);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let run = |threads: usize, seed: u64| {
        let o = McmcOptions {
            threads,
            chains: 4,
            ..options(seed, 150)
        };
        mcmc(&g, &m, &cost, Mode::Training, &o).unwrap()
    };
    let a = run(1, 7);
    let b = run(3, 7);
    assert_eq!(a.strategy, b.strategy);
    assert_eq!(a.iteration_time_s.to_bits(), b.iteration_time_s.to_bits());
    assert_eq!(
        a.mcmc().unwrap().stats.proposals,
        b.mcmc().unwrap().stats.proposals
    );
    assert_eq!(
        a.mcmc().unwrap().stats.accepted,
        b.mcmc().unwrap().stats.accepted
    );
    assert_eq!(a.found_by, b.found_by);
    let per_chain = |r: &search::Found| -> Vec<(u64, u64, Option<u64>, StopReason)> {
        r.mcmc()
            .unwrap()
            .stats
            .chains
            .iter()
            .map(|c| {
                (
                    c.proposals,
                    c.accepted,
                    c.best_time_s.map(f64::to_bits),
                    c.stop,
                )
            })
            .collect()
    };
    assert_eq!(per_chain(&a), per_chain(&b));
    // Another seed explores differently.
    let c = run(1, 8);
    assert_ne!(per_chain(&a), per_chain(&c));
}

/// MCMC's result is valid, fits memory, and is no slower than data parallelism and every expert strategy.
fn check_not_worse(graph: &Graph, machine: &Machine, proposals: u64) -> search::Found {
    let cost = CostModel::new(&machine.gpu);
    let r = mcmc(
        graph,
        machine,
        &cost,
        Mode::Training,
        &options(1, proposals),
    )
    .unwrap();
    r.strategy.validate(graph, machine).unwrap();
    let (t, fits) = time_of(graph, machine, &r.strategy);
    assert_eq!(t, r.iteration_time_s);
    assert!(fits);
    for b in baselines::all(graph, machine) {
        let (bt, _) = time_of(graph, machine, &b.strategy);
        assert!(
            r.iteration_time_s <= bt,
            "{}: {} > {bt}",
            b.name,
            r.iteration_time_s
        );
    }
    let names: Vec<&str> = r
        .mcmc()
        .unwrap()
        .starts
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    // Every baseline of the graph (context parallelism where it has self-attention over one
    // sequence), then PaSE's and SoyBean's strategies.
    let expected: Vec<&str> = baselines::all(graph, machine)
        .iter()
        .map(|b| b.name)
        .chain(["pase", "soybean"])
        .collect();
    assert_eq!(names, expected);
    assert_eq!(
        names[..4],
        ["data-parallel", "model-parallel", "owt", "megatron"]
    );
    for e in &r.mcmc().unwrap().starts {
        assert!(
            !e.fits_memory || r.iteration_time_s <= e.iteration_time_s,
            "{}",
            e.name
        );
    }
    assert_eq!(r.mcmc().unwrap().stats.chains[0].start, "data-parallel");
    assert_eq!(r.mcmc().unwrap().stats.chains.len(), 3);
    assert!(r.mcmc().unwrap().stats.proposals > 0);
    r
}

#[test]
fn mcmc_beats_baselines_on_mlp() {
    let g = synth::mlp(64, &[1024, 4096, 4096, 4096, 1000]);
    let m = Machine::preset("p100-4x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(8).unwrap())
        .unwrap();
    let r = check_not_worse(&g, &m, 300);
    // Large fully-connected layers on a slow interconnect: weight sync dominates data parallelism, which the
    // search must improve on.
    let dp = r.mcmc().unwrap().starts[0].iteration_time_s;
    assert!(r.iteration_time_s < dp, "{} vs {dp}", r.iteration_time_s);
}

#[test]
fn mcmc_beats_baselines_on_cnn() {
    check_not_worse(&small_cnn(32), &Machine::preset("dgx-a100:2").unwrap(), 200);
}

#[test]
fn mcmc_beats_baselines_on_transformer() {
    let m = Machine::preset("k80-16x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(8).unwrap())
        .unwrap();
    check_not_worse(&small_transformer(16), &m, 200);
}

#[test]
fn mcmc_on_full_size_models() {
    let m = Machine::preset("dgx-a100:2").unwrap();
    check_not_worse(&synth::resnet(&ResNetSpec::resnet101(64)), &m, 30);
    check_not_worse(
        &synth::transformer(&TransformerSpec::gpt2_small(16)),
        &m,
        30,
    );
}

#[test]
fn options_must_bound_the_search() {
    let g = synth::mlp(8, &[16, 16]);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let o = McmcOptions {
        proposals: None,
        time_limit: None,
        ..McmcOptions::default()
    };
    let e = mcmc(&g, &m, &cost, Mode::Training, &o).unwrap_err();
    assert!(matches!(e, SearchError::InvalidOptions(_)), "{e}");
    // A time budget alone works (and is not reproducible, so only its bound is checked).
    let o = McmcOptions {
        proposals: None,
        time_limit: Some(std::time::Duration::from_millis(100)),
        chains: 2,
        ..McmcOptions::default()
    };
    let r = mcmc(&g, &m, &cost, Mode::Training, &o).unwrap();
    assert!(r.mcmc().unwrap().stats.wall_s < 5.0);
    assert!(r
        .mcmc()
        .unwrap()
        .stats
        .chains
        .iter()
        .all(|c| matches!(c.stop, StopReason::Time | StopReason::NoImprovement)));
}

/// A small graph with a skip connection, so the dependent set holds two ops at a time.
fn skip_graph() -> Graph {
    let mut b = Builder::new("skip", DType::F32);
    let x = b.input("x", &[16, 32], DType::F32);
    let labels = b.input("labels", &[16], DType::I64);
    let h = b.matmul(x, 32);
    let a = b.elementwise("linalg.generic", &[h], 1.0);
    let y = b.matmul(a, 32);
    let s = b.elementwise("linalg.add", &[y, h], 1.0);
    b.loss(s, labels);
    b.finish()
}

#[test]
fn dp_is_exact_for_its_cost_model() {
    let m = Machine::preset("p100-4x4")
        .unwrap()
        .with_devices(flexc_core::DeviceCount::new(4).unwrap())
        .unwrap();
    let cost = CostModel::new(&m.gpu);
    for (g, k) in [(skip_graph(), 4), (synth::mlp(16, &[64, 256, 32]), 5)] {
        let o = DpOptions {
            max_candidates: k,
            ..DpOptions::default()
        };
        let r = pase_dp(&g, &m, &cost, Mode::Training, &o).unwrap();
        r.strategy.validate(&g, &m).unwrap();
        assert!(!r.dp().unwrap().reduced);
        // Brute force over the same candidate sets.
        let cands = dp_candidates(&g, m.num_devices(), k);
        let mut pick = vec![0usize; g.num_ops()];
        let mut best = f64::INFINITY;
        'all: loop {
            let s = Strategy::flat(
                pick.iter()
                    .zip(&cands)
                    .map(|(&i, c)| c[i].clone())
                    .collect(),
            );
            best = best.min(additive_cost(&g, &m, &cost, Mode::Training, &s));
            for d in 0..pick.len() {
                pick[d] += 1;
                if pick[d] < cands[d].len() {
                    continue 'all;
                }
                pick[d] = 0;
            }
            break;
        }
        let own = additive_cost(&g, &m, &cost, Mode::Training, &r.strategy);
        assert!(
            (r.dp().unwrap().predicted_s - best).abs() <= 1e-12 * best,
            "{} vs {best}",
            r.dp().unwrap().predicted_s
        );
        assert!((own - best).abs() <= 1e-12 * best, "{own} vs {best}");
        let (t, _) = time_of(&g, &m, &r.strategy);
        assert_eq!(t, r.iteration_time_s);
    }
}

#[test]
fn dp_shrinks_candidates_instead_of_blowing_up() {
    let g = small_transformer(8);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let o = DpOptions {
        max_candidates: 24,
        max_work: 2000,
        ..DpOptions::default()
    };
    let r = pase_dp(&g, &m, &cost, Mode::Training, &o).unwrap();
    assert!(r.dp().unwrap().reduced);
    assert!(r.dp().unwrap().max_work <= 2000);
    r.strategy.validate(&g, &m).unwrap();
}

#[test]
fn dp_and_tiling_on_models() {
    let m = Machine::preset("dgx-a100:2").unwrap();
    let cost = CostModel::new(&m.gpu);
    for g in [
        small_cnn(32),
        small_transformer(16),
        synth::mlp(64, &[512, 2048, 512, 10]),
    ] {
        let single = time_of(&g, &m, &Strategy::single_device(&g)).0;
        let dp = pase_dp(&g, &m, &cost, Mode::Training, &DpOptions::default()).unwrap();
        dp.strategy.validate(&g, &m).unwrap();
        assert!(
            dp.iteration_time_s <= single,
            "{} vs {single}",
            dp.iteration_time_s
        );
        let t = soybean_tiling(&g, &m, &cost, Mode::Training, Deadline::NONE).unwrap();
        t.strategy.validate(&g, &m).unwrap();
        assert_eq!(t.tiling().unwrap().devices, 16);
        assert_eq!(t.tiling().unwrap().cuts.len(), 4);
        assert!(t.tiling().unwrap().used_cuts <= 4);
        assert_eq!(time_of(&g, &m, &t.strategy).0, t.iteration_time_s);
        assert!(
            t.iteration_time_s <= single,
            "{} vs {single}",
            t.iteration_time_s
        );
        // Tasks of one op never share a device.
        for c in &t.strategy.configs {
            let mut d = c.devices.clone();
            d.sort();
            d.dedup();
            assert_eq!(d.len(), c.devices.len());
        }
    }
    // Six devices: the tiling uses four.
    let m6 = m
        .with_devices(flexc_core::DeviceCount::new(6).unwrap())
        .unwrap();
    let g = synth::mlp(32, &[64, 64, 10]);
    let t = soybean_tiling(&g, &m6, &cost, Mode::Training, Deadline::NONE).unwrap();
    assert_eq!(t.tiling().unwrap().devices, 4);
    t.strategy.validate(&g, &m6).unwrap();
}

#[test]
fn dp_and_tiling_results_seed_the_chains() {
    let g = small_cnn(32);
    let m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let dp = pase_dp(&g, &m, &cost, Mode::Training, &DpOptions::default()).unwrap();
    let tiling = soybean_tiling(&g, &m, &cost, Mode::Training, Deadline::NONE).unwrap();
    let o = McmcOptions {
        starts: vec![
            ("pase".into(), dp.strategy.clone()),
            ("soybean".into(), tiling.strategy.clone()),
        ],
        seed_with_dp: false,
        ..options(3, 50)
    };
    let r = mcmc(&g, &m, &cost, Mode::Training, &o).unwrap();
    assert!(r.iteration_time_s <= dp.iteration_time_s);
    assert!(r.iteration_time_s <= tiling.iteration_time_s);
    let names: Vec<&str> = r
        .mcmc()
        .unwrap()
        .starts
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "data-parallel",
            "model-parallel",
            "owt",
            "megatron",
            "pase",
            "soybean"
        ]
    );
}

/// Large fully-connected layers: data parallelism replicates 4 × 64 MiB of weights (plus gradients and
/// optimizer state) on every device, while splitting the weights fits.
fn wide_mlp() -> Graph {
    synth::mlp(32, &[4096, 4096, 4096, 4096, 4096])
}

#[test]
fn strategies_over_capacity_are_never_returned() {
    let g = wide_mlp();
    let mut m = Machine::preset("dgx-a100:1").unwrap();
    let cost = CostModel::new(&m.gpu);
    let peak = |s: &Strategy, m: &Machine| {
        let sim = Simulator::new(&g, m, &cost, Mode::Training, s.clone()).unwrap();
        sim.peak_memories().into_iter().max().unwrap()
    };
    let dp_peak = peak(&baselines::data_parallel(&g, 8), &m);
    let owt_peak = peak(&baselines::one_weird_trick(&g, 8), &m);
    assert!(owt_peak < dp_peak / 2, "{owt_peak} vs {dp_peak}");
    m.gpu.mem_capacity = (owt_peak + dp_peak) / 2;
    let cost = CostModel::new(&m.gpu);
    let r = mcmc(&g, &m, &cost, Mode::Training, &options(5, 150)).unwrap();
    assert!(
        !r.mcmc().unwrap().starts[0].fits_memory,
        "data parallelism must not fit"
    );
    assert!(r.peak_memory.iter().all(|&p| p <= m.gpu.mem_capacity));
    let sim = Simulator::new(&g, &m, &cost, Mode::Training, r.strategy.clone()).unwrap();
    assert!(sim.fits_memory());
    // The best time among baselines that fit bounds the result; data parallelism, faster or not, is out.
    for b in r.mcmc().unwrap().starts.iter().filter(|b| b.fits_memory) {
        assert!(r.iteration_time_s <= b.iteration_time_s);
    }
}

#[test]
fn nothing_fits_is_a_clear_error() {
    let g = wide_mlp();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("machines/dgx-a100-2.toml"),
    )
    .unwrap();
    let mut m = Machine::from_toml(&text, "dgx-a100-2.toml").unwrap();
    m.gpu.mem_capacity = 1 << 20;
    let cost = CostModel::new(&m.gpu);
    let e = mcmc(&g, &m, &cost, Mode::Training, &options(0, 40)).unwrap_err();
    let SearchError::OutOfMemory {
        device,
        needed,
        capacity,
        ..
    } = &e
    else {
        panic!("{e}")
    };
    assert_eq!(*capacity, 1 << 20);
    assert!(*needed > *capacity);
    let text = e.to_string();
    assert!(
        text.starts_with("error: no parallelization strategy fits device memory"),
        "{text}"
    );
    assert!(text.contains(&format!("on {device}")), "{text}");
    assert!(
        text.contains(&format!("needs {}", flexc_core::units::bytes(*needed))),
        "{text}"
    );
    assert!(text.ends_with("which has 1.0 MiB"), "{text}");
}

/// Every algorithm of the table, run through the one interface with a proposal budget, gives the same
/// strategy twice for the same seed (the sub-machine searches and seeding searches included).
#[test]
fn proposal_budgets_are_deterministic_through_the_interface() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{Budget, Run, ALGORITHMS};
    let g = small_transformer(8);
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&g, &m, &cost, Mode::Training);
    for algorithm in ALGORITHMS {
        let run = || algorithm.search(&problem, &Run::new(Budget::Proposals(400), 3));
        let (a, b) = (run().unwrap(), run().unwrap());
        assert_eq!(a.strategy, b.strategy, "{}", algorithm.name());
        assert_eq!(a.proposals, b.proposals, "{}", algorithm.name());
        assert_eq!(a.found_by, b.found_by, "{}", algorithm.name());
        a.strategy.validate(&g, &m).unwrap();
    }
}

/// A time budget bounds the whole search, seeding searches and sub-machine searches included, on a graph
/// whose unbounded seeding alone takes several times the budget (generous margin for loaded machines).
#[test]
fn a_time_budget_bounds_the_whole_search() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{Budget, Deadline, Run, ALGORITHMS};
    use std::time::{Duration, Instant};
    let g = synth::resnet(&ResNetSpec::resnet101(64));
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&g, &m, &cost, Mode::Training);
    let budget = Duration::from_millis(300);
    for algorithm in ALGORITHMS {
        let t0 = Instant::now();
        let found = algorithm.search(&problem, &Run::new(Budget::Time(budget), 1));
        let wall = t0.elapsed();
        assert!(
            wall <= budget * 3 + Duration::from_secs(1),
            "{} took {wall:?} for a budget of {budget:?}",
            algorithm.name()
        );
        // The exact methods may run out of time (PaSE has no partial answer); MCMC always has a start.
        if algorithm.name() == "mcmc" {
            let found = found.unwrap();
            found.strategy.validate(&g, &m).unwrap();
            assert!(matches!(
                found.stop,
                StopReason::Time | StopReason::NoImprovement
            ));
        }
    }
    // An expired deadline stops PaSE before it has anything.
    let expired = DpOptions {
        deadline: Deadline::after(Duration::ZERO),
        ..DpOptions::default()
    };
    let e = pase_dp(&g, &m, &cost, Mode::Training, &expired).unwrap_err();
    assert!(matches!(e, SearchError::Expired(_)), "{e}");
    // SoyBean returns its best so far: everything on device 0, the only prefix it scored.
    let t = soybean_tiling(
        &g,
        &m,
        &cost,
        Mode::Training,
        Deadline::after(Duration::ZERO),
    )
    .unwrap();
    assert_eq!(t.stop, StopReason::Time);
    assert_eq!(t.tiling().unwrap().used_cuts, 0);
    // The schedule search with its time gone before any candidate was simulated says so: whether
    // one fits is unknown, which is no "nothing fits device memory".
    let run = Run {
        deadline: Deadline::after(Duration::ZERO),
        ..Run::new(Budget::Time(budget), 1)
    };
    for name in ["plan", "mesh"] {
        let e = flexc_core::search::algorithm(name)
            .unwrap()
            .search(&problem, &run)
            .unwrap_err();
        assert!(matches!(e, SearchError::Expired(_)), "{name}: {e}");
        assert!(e.to_string().contains("0 of"), "{name}: {e}");
    }
}

/// Under a time budget too short for the seeding searches, every baseline is still scored and is a start
/// point, the result is never slower than any of them that fits, and each seed that gave nothing says why.
#[test]
fn every_baseline_is_scored_and_starved_seeds_say_why() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{Budget, Mcmc, Run, SearchAlgorithm};
    use std::time::Duration;
    let g = synth::resnet(&ResNetSpec::resnet101(64));
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&g, &m, &cost, Mode::Training);
    let found = Mcmc
        .search(
            &problem,
            &Run::new(Budget::Time(Duration::from_millis(1)), 1),
        )
        .unwrap();
    let details = found.mcmc().unwrap();
    for b in baselines::all(&g, &m) {
        let scored = details.starts.iter().find(|e| e.name == b.name);
        let scored = scored.unwrap_or_else(|| panic!("{} was not scored", b.name));
        let (time, fits) = time_of(&g, &m, &b.strategy);
        assert_eq!(scored.fits_memory, fits, "{}", b.name);
        assert!(
            (scored.iteration_time_s - time).abs() <= 1e-12 * time,
            "{}",
            b.name
        );
        if fits {
            assert!(found.iteration_time_s <= time * (1.0 + 1e-9), "{}", b.name);
        }
    }
    // A millisecond leaves PaSE nothing.
    assert!(
        details
            .skipped
            .iter()
            .any(|(name, why)| name == "pase" && why.contains("time")),
        "{:?}",
        details.skipped
    );
}

/// A proposal budget has a wall-clock bound too.
#[test]
fn every_budget_has_a_deadline() {
    use flexc_core::search::{Budget, PROPOSAL_BUDGET_BOUND};
    let d = Budget::Proposals(10).deadline();
    assert!(d.is_set());
    assert!(d.remaining().unwrap() <= PROPOSAL_BUDGET_BOUND);
}

/// Every search has a wall-clock bound by default (a probe of issue 20: the default search of the 146B
/// and 1T JAX steps seeded with PaSE for more than 5 minutes under a proposal budget). A proposal
/// budget gets a seeding deadline; when it has passed, PaSE and SoyBean cost a start point, the chains
/// still run their proposals, and the stop is reported.
#[test]
fn a_proposal_budget_bounds_seeding_and_reports_it() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{Budget, Deadline, Run, DEFAULT_SEEDING_LIMIT};
    use std::time::Duration;
    let run = Run::new(Budget::Proposals(400), 3);
    assert!(run.seeding.is_set());
    // The whole search's bound comes later than the seeding's.
    assert!(run.deadline.remaining().unwrap() > run.seeding.remaining().unwrap());
    let left = run.seeding.remaining().unwrap();
    assert!(left <= DEFAULT_SEEDING_LIMIT && left > DEFAULT_SEEDING_LIMIT / 2);
    let g = small_transformer(8);
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&g, &m, &cost, Mode::Training);
    // The seeding deadline already passed (as on a graph too large for PaSE).
    let passed = Run {
        seeding: Deadline::after(Duration::ZERO),
        ..Run::new(Budget::Proposals(400), 3)
    };
    let mcmc = flexc_core::search::algorithm("mcmc").unwrap();
    let found = mcmc.search(&problem, &passed).unwrap();
    found.strategy.validate(&g, &m).unwrap();
    let details = found.mcmc().unwrap();
    assert!(
        details.seeding_stopped.contains(&"pase".to_string()),
        "{:?}",
        details.seeding_stopped
    );
    assert!(details.starts.iter().all(|s| s.name != "pase"));
    // The chains ran (to their proposal count, or to no improvement).
    assert!(found.proposals > 0);
    assert!(matches!(
        found.stop,
        StopReason::Budget | StopReason::NoImprovement
    ));
    // Without the cut, nothing is reported.
    let whole = mcmc
        .search(&problem, &Run::new(Budget::Proposals(400), 3))
        .unwrap();
    assert!(whole.mcmc().unwrap().seeding_stopped.is_empty());
    // PaSE alone stops there too, and says why.
    let dp = flexc_core::search::algorithm("dp").unwrap();
    let e = dp.search(&problem, &passed).unwrap_err();
    assert!(matches!(e, SearchError::Expired(_)), "{e}");
    assert!(
        e.to_string()
            .contains("stopped after 60 s (the bound of a search with a proposal budget"),
        "{e}"
    );
}

/// Runs the schedule searches `names` (400 proposals) on two small transformers, one of them across
/// nodes, and hands each case's results to `check`.
fn schedule_searches(
    names: &[&str],
    mut check: impl FnMut(&str, &Graph, &Machine, &[search::Found]),
) {
    use flexc_core::problem::Problem;
    use flexc_core::search::{algorithm, Budget, Run};
    for (graph, machine) in [
        (small_transformer(16), "p100-4x4"),
        (small_transformer(64), "dgx-a100:2"),
    ] {
        let m = Machine::preset(machine).unwrap();
        let cost = CostModel::new(&m.gpu);
        let problem = Problem::new(&graph, &m, &cost, Mode::Training);
        let run = Run::new(Budget::Proposals(400), 0);
        let found: Vec<search::Found> = names
            .iter()
            .map(|name| algorithm(name).unwrap().search(&problem, &run).unwrap())
            .collect();
        check(machine, &graph, &m, &found);
    }
}

/// The mesh search (`--search=mesh`, the JAX exports' default) returns only what a mesh sharding
/// runs — one stage, one micro-batch, no recomputation, ZeRO 0 or 3 — and, searching a subset of the
/// schedule search's space, is never faster than it.
#[test]
fn the_mesh_search_keeps_to_mesh_strategies() {
    use flexc_core::schedule::{Recompute, Zero};
    schedule_searches(&["mesh", "plan"], |machine, graph, m, found| {
        let [mesh, plan] = found else { unreachable!() };
        let s = &mesh.strategy.schedule;
        assert_eq!(
            (s.stages, s.chunks, s.micro_batches),
            (1, 1, 1),
            "{machine}"
        );
        assert_eq!(s.recompute, Recompute::None, "{machine}");
        assert_ne!(s.zero, Zero::Optimizer, "{machine}");
        mesh.strategy.validate(graph, m).unwrap();
        let (search::Details::Plan(kept), search::Details::Plan(all)) =
            (&mesh.details, &plan.details)
        else {
            panic!("{machine}: both are schedule searches");
        };
        assert!(
            kept.candidates < all.candidates,
            "{machine}: {kept:?} vs {all:?}"
        );
        assert!(
            mesh.iteration_time_s >= plan.iteration_time_s * (1.0 - 1e-9),
            "{machine}: mesh {} < plan {}",
            mesh.iteration_time_s,
            plan.iteration_time_s
        );
    });
}

/// `--search=torch` (the default of `--emit=torch-plan`) keeps to what `flexc.torch.apply` runs — a mesh
/// strategy of one micro-batch, or pipeline stages (tensor parallelism inside each), under any
/// recomputation and ZeRO — and, searching a superset of the mesh space inside the schedule search's, is
/// never slower than `mesh` nor faster than `plan`.
#[test]
fn the_torch_search_keeps_to_what_torch_runs() {
    schedule_searches(&["torch", "mesh", "plan"], |machine, graph, m, found| {
        let [torch, mesh, plan] = found else {
            unreachable!()
        };
        let s = &torch.strategy.schedule;
        if s.virtual_stages() <= 1 {
            assert_eq!(s.micro_batches, 1, "{machine}");
        }
        torch.strategy.validate(graph, m).unwrap();
        let (search::Details::Plan(torch_stats), search::Details::Plan(mesh_stats)) =
            (&torch.details, &mesh.details)
        else {
            panic!("{machine}: both are schedule searches");
        };
        assert!(
            torch_stats.candidates > mesh_stats.candidates,
            "{machine}: {torch_stats:?} vs {mesh_stats:?}"
        );
        let t = torch.iteration_time_s;
        assert!(
            t <= mesh.iteration_time_s * (1.0 + 1e-9) && t >= plan.iteration_time_s * (1.0 - 1e-9),
            "{machine}: torch {t} vs mesh {} and plan {}",
            mesh.iteration_time_s,
            plan.iteration_time_s
        );
    });
}

/// `--search=megatron` and `--search=torchtitan` (the defaults of `--emit=megatron-args` and
/// `torchtitan`) keep to what those frameworks run — Megatron no ZeRO-3; torchtitan no ZeRO-1, DDP only
/// alone, sequence parallelism wherever tensor parallelism — and, searching subsets of the schedule
/// search's space, are never faster than it.
#[test]
fn the_framework_searches_keep_to_what_they_run() {
    use flexc_core::schedule::spec::Parallelism;
    use flexc_core::schedule::Zero;
    schedule_searches(
        &["megatron", "torchtitan", "plan"],
        |machine, graph, m, found| {
            let [megatron, torchtitan, plan] = found else {
                unreachable!()
            };
            for f in [megatron, torchtitan] {
                f.strategy.validate(graph, m).unwrap();
                assert!(
                    f.iteration_time_s >= plan.iteration_time_s * (1.0 - 1e-9),
                    "{machine}: {} {} vs plan {}",
                    f.found_by,
                    f.iteration_time_s,
                    plan.iteration_time_s
                );
            }
            assert_ne!(megatron.strategy.schedule.zero, Zero::Full, "{machine}");
            let batch = flexc_core::batch::batch_of(graph, 0).unwrap();
            let p = Parallelism::of(graph, &torchtitan.strategy, batch);
            assert_ne!(p.zero, Zero::Optimizer, "{machine}");
            assert!(
                !(p.zero == Zero::None && p.dp > 1 && (p.tp > 1 || p.pp > 1)),
                "{machine}: DDP beside tp or pp: {}",
                p.text()
            );
        },
    );
}

/// `--search=maxtext` (the default of `--emit=maxtext`) keeps to what MaxText runs: a pipeline is
/// GPipe without interleaving, with micro-batches a multiple of the stages.
#[test]
fn the_maxtext_search_keeps_to_what_it_runs() {
    use flexc_core::schedule::Order;
    schedule_searches(&["maxtext"], |machine, graph, m, found| {
        let [maxtext] = found else { unreachable!() };
        maxtext.strategy.validate(graph, m).unwrap();
        let s = &maxtext.strategy.schedule;
        if s.is_pipelined() {
            assert_eq!(s.order, Order::GPipe, "{machine}: {s:?}");
            assert_eq!(s.chunks, 1, "{machine}: {s:?}");
            assert_eq!(s.micro_batches % s.stages, 0, "{machine}: {s:?}");
        }
    });
}

/// A rewritten graph's search (`--substitutions=on`) starts from the original's strategy:
/// `carry_over` keeps every carried configuration the op can run, gives the ops that carry none (the
/// rewrite's new ops) a neighbour's split or the base's, and `Warm` returns nothing slower than that
/// start, with a budget far below the original search's.
#[test]
fn warm_search_starts_from_the_carried_strategy() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{carry_over, Budget, Mcmc, Run, SearchAlgorithm, Warm};
    let g = small_transformer(8);
    let m = Machine::preset("p100-4x4").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&g, &m, &cost, Mode::Training);
    let n = m.num_devices();
    let original = Mcmc
        .search(&problem, &Run::new(Budget::Proposals(400), 1))
        .unwrap()
        .strategy;
    let dp = Strategy::data_parallel(&g, n);
    assert_ne!(
        original, dp,
        "the test needs a searched strategy other than the base"
    );
    // Everything carried: exactly the original.
    let all: Vec<_> = original
        .configs
        .iter()
        .map(|c| (Some(c.clone()), None))
        .collect();
    let (same, kept) = carry_over(&g, n, &dp, &all);
    assert_eq!((same, kept), (original.clone(), g.num_ops()));
    // Every fifth op new (nothing carried), one with a configuration it cannot run (another op's
    // loop count): those are not taken, the rest are the original's.
    let mut carried: Vec<_> = all.clone();
    for i in (0..g.num_ops()).step_by(5) {
        carried[i] = (None, None);
    }
    let bad = (0..g.num_ops())
        .find(|&i| i % 5 != 0 && g.ops()[i].dims.len() >= 2)
        .unwrap();
    let mut wrong = original.configs[bad].clone();
    wrong.degrees.push(1);
    carried[bad] = (Some(wrong), None);
    let (start, kept) = carry_over(&g, n, &dp, &carried);
    assert_eq!(
        kept,
        carried.iter().filter(|(c, _)| c.is_some()).count() - 1
    );
    for (i, (c, _)) in carried.iter().enumerate() {
        if c.is_some() && i != bad {
            assert_eq!(start.configs[i], original.configs[i], "op {i}");
        }
    }
    start.validate(&g, &m).unwrap();
    let (start_time, _) = time_of(&g, &m, &start);
    let warm = Warm {
        starts: vec![("carried".into(), start)],
        pase: false,
    };
    let found = warm
        .search(&problem, &Run::new(Budget::Proposals(40), 0))
        .unwrap();
    assert!(found.fits_memory);
    assert!(found.iteration_time_s <= start_time * (1.0 + 1e-9));
    assert!(found.proposals <= 40);
    found.strategy.validate(&g, &m).unwrap();
}

/// The schedule search's bounds are bounds: with nothing pruned, every candidate simulates to at least
/// its time bound and its memory bound (fp32 and mixed precision, a small and a larger machine), and the
/// search that prunes by them returns the same strategy as simulating every candidate.
#[test]
// `..WeightState::default()`: the fields main's WeightState adds keep their defaults.
#[allow(clippy::needless_update)]
fn the_schedule_search_bounds_are_lower_bounds() {
    use flexc_core::precision::{Optimizer, Precision, WeightState};
    use flexc_core::problem::Problem;
    use flexc_core::search::{algorithm, audit_bounds, Budget, Run};
    for (graph, machine, precision) in [
        (small_transformer(16), "p100-4x4", Precision::Fp32),
        (small_transformer(64), "dgx-a100:2", Precision::Fp32),
        (small_transformer(64), "dgx-a100:2", Precision::Fp16),
    ] {
        let m = Machine::preset(machine).unwrap();
        let cost = CostModel::new(&m.gpu)
            .with_state(WeightState {
                precision,
                optimizer: Optimizer::Adam,
                ..WeightState::default()
            })
            .unwrap();
        let problem = Problem::new(&graph, &m, &cost, Mode::Training);
        let all = audit_bounds(&problem).unwrap();
        assert_eq!(all.bound_violations, 0, "{machine} {precision:?}: {all:?}");
        assert!(all.evaluated > 20, "{machine}: {all:?}");
        let found = algorithm("plan")
            .unwrap()
            .search(&problem, &Run::new(Budget::Proposals(100_000), 0))
            .unwrap();
        let pruned = found.plan().unwrap();
        assert!(pruned.complete, "{machine}: {pruned:?}");
        assert_eq!(pruned.best, all.best, "{machine} {precision:?}");
        assert_eq!(found.iteration_time_s, all.top[0].iteration_s);
        assert_eq!(
            pruned.evaluated + pruned.pruned_memory + pruned.pruned_time,
            pruned.candidates
        );
    }
}

/// A proposal budget caps the schedule search by a count of candidates simulated: a budget below what
/// the enumeration needs stops it at the same prefix every time, reported as incomplete; the progress
/// counts what was simulated.
#[test]
fn a_proposal_budget_cuts_the_schedule_search_at_a_count() {
    use flexc_core::problem::Problem;
    use flexc_core::search::{algorithm, Budget, Progress, Run};
    use std::sync::Arc;
    let graph = small_transformer(64);
    let m = Machine::preset("dgx-a100:2").unwrap();
    let cost = CostModel::new(&m.gpu);
    let problem = Problem::new(&graph, &m, &cost, Mode::Training);
    let runs: Vec<(search::Found, Arc<Progress>)> = (0..2)
        .map(|_| {
            let progress = Arc::new(Progress::default());
            let run = Run {
                progress: Some(progress.clone()),
                ..Run::new(Budget::Proposals(5), 0)
            };
            let found = algorithm("plan").unwrap().search(&problem, &run).unwrap();
            (found, progress)
        })
        .collect();
    let (a, b) = (&runs[0].0, &runs[1].0);
    let stats = a.plan().unwrap();
    assert!(!stats.complete, "{stats:?}");
    assert_eq!(stats.evaluated, 5);
    assert!(
        stats.summary().contains("incomplete"),
        "{}",
        stats.summary()
    );
    assert_eq!(a.plan(), b.plan());
    assert_eq!(a.strategy, b.strategy);
    let (simulated, _, total) = runs[0].1.schedule_candidates();
    assert_eq!((simulated, total), (5, stats.candidates as u64));
}

/// Three matmuls at a communication-bound size on 4 GPUs (the quality benchmark's `matmul x3/comm`). From
/// the split below (the first and the last matmul on two GPUs each, the middle one on all four) every
/// single-op change is uphill, yet splitting all three over the four GPUs, the middle one's reduction
/// where the first left its columns and the last reading its partial sums as one all-to-all (a
/// reduce-scatter), is faster: several ops must move at once. A chain started there finds a faster
/// strategy. (The split of this test's first version stopped being a local optimum when an all-to-all
/// got its pairwise-exchange price: `sim::tasks::all_to_all_rounds`.)
#[test]
fn two_ops_move_at_once_around_a_third() {
    use flexc_core::graph::{DeviceId, OpId};
    use flexc_core::strategy::{divisors_up_to, Config};
    let mut b = Builder::new("mm3", DType::F32);
    let x = b.input("x", &[8, 1024], DType::F32);
    let y = b.matmul(x, 1024);
    let y = b.matmul(y, 1024);
    b.matmul(y, 1024);
    let g = b.finish();
    let m = Machine::preset("dgx-a100")
        .and_then(|m| m.with_devices(flexc_core::DeviceCount::new(4).unwrap()))
        .unwrap();
    let cost = CostModel::new(&m.gpu);
    let config = |degrees: [u64; 3], devices: &[u32]| Config {
        degrees: degrees.to_vec(),
        devices: devices.iter().map(|&d| DeviceId(d)).collect(),
    };
    let local = Strategy::flat(vec![
        config([1, 2, 1], &[3, 0]),
        config([1, 2, 2], &[3, 2, 1, 0]),
        config([1, 1, 2], &[2, 1]),
    ]);
    let mut sim = Simulator::new(&g, &m, &cost, Mode::Training, local.clone()).unwrap();
    let t0 = sim.iteration_time();
    // Every configuration of every op (degree vectors of at most 4 tasks, tasks on distinct devices in
    // every order): none alone improves on `local`.
    let mut single = 0;
    for i in 0..3 {
        let op = OpId::new(i);
        let old = sim.strategy().config(op).clone();
        for a in divisors_up_to(8, 4) {
            for b in divisors_up_to(1024, 4 / a) {
                for c in divisors_up_to(1024, 4 / (a * b)) {
                    let tasks = (a * b * c) as usize;
                    let mut orders: Vec<Vec<u32>> = vec![Vec::new()];
                    for _ in 0..tasks {
                        orders = orders
                            .into_iter()
                            .flat_map(|v| {
                                (0..4u32)
                                    .filter(|d| !v.contains(d))
                                    .map(|d| [v.as_slice(), &[d]].concat())
                                    .collect::<Vec<_>>()
                            })
                            .collect();
                    }
                    for devices in orders {
                        sim.set_config(op, config([a, b, c], &devices)).unwrap();
                        assert!(sim.iteration_time() >= t0 * (1.0 - 1e-9));
                        single += 1;
                    }
                }
            }
        }
        sim.set_config(op, old).unwrap();
    }
    assert_eq!(single, 3 * 184);
    let o = McmcOptions {
        seed: 1,
        chains: 2,
        proposals: Some(1000),
        threads: 1,
        starts: vec![("local".into(), local)],
        seed_with_dp: false,
        ..McmcOptions::default()
    };
    let found = mcmc(&g, &m, &cost, Mode::Training, &o).unwrap();
    assert!(
        found.iteration_time_s < t0 * (1.0 - 1e-6),
        "{} vs {t0}",
        found.iteration_time_s
    );
}

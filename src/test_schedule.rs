//! `--test-schedule=SPEC` (hidden): a baseline written with a schedule, for the tests of scheduled
//! materialization until the command line's strategy spec (`--strategy=NAME:key=value,...`) exists.
//!
//! SPEC is `key=value` pairs separated by commas: `dp` (replicas), `pp` (pipeline stages), `vp`
//! (chunks per stage group), `m` (micro-batches), `order` (`1f1b`, `gpipe`), `recompute` (`none`,
//! `selective`, `full`), `zero` (0, 1, 3). With `--strategy=NAME` on `n` devices the strategy is:
//! the baseline NAME for one micro-batch (`B / (dp·m)` samples, the graph rescaled by
//! `flexc_core::batch`) on the `n / (dp·pp)` devices of one stage group; the forward ops cut into
//! `pp·vp` virtual stages of about equal FLOPs in program order (`flexc_core::schedule::balanced_parts`),
//! the other ops' stages completed by `Phases::complete_stages`; each op's configuration moved to its
//! stage's group. The annotations: `#par.config` and `par.stage` on every graph op, `#par.schedule` on
//! the module. A model whose functions are called from several stages must be inlined first (an op
//! of a callee has one annotation for every call).

use crate::diagnostics::Diag;
use flexc_core::{
    batch::{batch_loops, batch_of, rescale_batch},
    schedule::{balanced_parts, Phase, Phases, Schedule},
    Config, DeviceId, Graph, Machine, OpId, Strategy,
};
use flexc_dialects::ScheduleAttr;
use flexc_passes::import::Imported;

/// The schedule of SPEC.
pub fn parse(spec: &str) -> Result<Schedule, String> {
    let mut schedule = Schedule::default();
    for pair in spec.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("--test-schedule: '{pair}' is not key=value"))?;
        let field = match key {
            "dp" => "replicas",
            "pp" => "stages",
            "vp" => "chunks",
            "m" => "micro_batches",
            "order" | "recompute" | "zero" => key,
            _ => {
                return Err(format!(
                    "--test-schedule: unknown key '{key}' (dp, pp, vp, m, order, recompute, zero)"
                ))
            }
        };
        schedule
            .set_field(field, value)
            .map_err(|e| format!("--test-schedule: {e}"))?;
    }
    Ok(schedule)
}

/// The strategy of the module doc: `baseline(graph, machine)` names the flat baseline.
pub fn strategy(
    graph: &Graph,
    machine: &Machine,
    batch_dim: usize,
    training_step: bool,
    mut schedule: Schedule,
    baseline: impl Fn(&Graph, &Machine) -> Option<Strategy>,
) -> Result<Strategy, String> {
    let n = machine.num_devices();
    schedule.check(n, 0)?;
    let group = schedule.group_width(n);
    let units = u64::from(schedule.replicas) * u64::from(schedule.micro_batches);
    let batch = batch_of(graph, batch_dim).ok_or("--test-schedule: the graph has no batch")?;
    if batch % units != 0 {
        return Err(format!(
            "--test-schedule: the batch ({batch}) does not split into {} replicas × {} micro-batches",
            schedule.replicas, schedule.micro_batches
        ));
    }
    let (micro, _) = rescale_batch(graph, batch_dim, batch / units).map_err(|e| e.to_string())?;
    let restricted = machine.with_devices(group).map_err(|e| e.to_string())?;
    let flat = baseline(&micro, &restricted).ok_or("--test-schedule: unknown baseline")?;
    let loops = batch_loops(graph, batch_dim).map_err(|e| e.to_string())?;
    let phases = Phases::new(graph, &loops, training_step);
    let k = schedule.virtual_stages();
    if k > 1 {
        let forward: Vec<OpId> = graph
            .topological_order()
            .filter(|&id| phases.of(id) == Phase::Forward)
            .collect();
        let costs: Vec<f64> = forward
            .iter()
            .map(|&id| graph.op(id).flops.max(1.0))
            .collect();
        let parts = balanced_parts(&costs, k);
        let mut stage_of = vec![0u32; graph.num_ops()];
        for (&id, &part) in forward.iter().zip(&parts) {
            stage_of[id.index()] = part;
        }
        phases.complete_stages(graph, &mut stage_of);
        schedule.stage_of = stage_of;
    }
    let configs: Vec<Config> = flat
        .configs
        .into_iter()
        .enumerate()
        .map(|(i, mut config)| {
            let g = schedule.group_of_stage(schedule.stage_of(OpId::new(i)));
            for d in &mut config.devices {
                *d = DeviceId(d.0 + g * group);
            }
            config
        })
        .collect();
    Ok(Strategy { configs, schedule })
}

/// Writes `par.stage` (when pipelined) and `#par.schedule` for `strategy` into the module of `imported`
/// (the configurations are written by `par_search::annotate`).
pub fn annotate(
    module: &melior::ir::OperationRef<'_, '_>,
    imported: &Imported,
    strategy: &Strategy,
) -> Result<(), Diag> {
    use std::collections::HashMap;
    let set = |op: mlir_sys::MlirOperation, name: &str, text: &str| unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let attribute =
            mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw());
        assert!(
            !attribute.ptr.is_null(),
            "flexc built an unparsable attribute {text}"
        );
        mlir_sys::mlirOperationSetDiscardableAttributeByName(
            op,
            melior::StringRef::new(name).to_raw(),
            attribute,
        );
    };
    let schedule = &strategy.schedule;
    if schedule.is_pipelined() {
        let mut written: HashMap<usize, u32> = HashMap::new();
        for (i, op) in imported.ops.iter().enumerate() {
            let stage = schedule.stage_of(OpId::new(i));
            if let Some(&first) = written.get(&op.handle) {
                if first != stage {
                    return Err(Diag::error(
                        None,
                        format!(
                            "--test-schedule: '{}' at {} is called on stages {first} and {stage}; inline the model's functions first",
                            op.name, op.location
                        ),
                    ));
                }
                continue;
            }
            written.insert(op.handle, stage);
            let handle = mlir_sys::MlirOperation {
                ptr: op.handle as *mut std::ffi::c_void,
            };
            set(
                handle,
                flexc_dialects::names::STAGE_ATTR,
                &format!("{stage} : i64"),
            );
        }
    }
    set(
        module.to_raw(),
        flexc_dialects::names::SCHEDULE_ATTR,
        &schedule.to_text(),
    );
    Ok(())
}
